import { describe, expect, it } from "vitest";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { appPerFile } from "../../../test/helpers";

// The profile uploads' body rules: session first, multipart only, sized for one file.
const app = appPerFile();
const BOUNDARY = "----planify";
const raw = (url: string, body: RequestInit["body"], headers: Record<string, string>) =>
  app.ctx.app.handle(
    new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body,
    }),
  );
/** A body that never ends: a route that waited for it would never answer. */
const endless = () => new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(`--${BOUNDARY}\r\n`)) });
const within = <T>(ms: number, answer: Promise<T>) => Promise.race([answer, Bun.sleep(ms).then(() => "pending" as const)]);

describe.each([
  ["/api/users/upload-avatar", 40 * 1024 * 1024, SOCIAL_MESSAGES.avatarTooBig],
  ["/api/users/upload-music", 12 * 1024 * 1024, SOCIAL_MESSAGES.musicTooBig],
])("%s", (url, tooBig, message) => {
  it("a guest's endless upload answers 401 at once, unread", async () => {
    const answer = await within(1000, raw(url, endless(), { "content-length": String(tooBig) }));
    expect(answer).not.toBe("pending");
    expect((answer as Response).status).toBe(401);
  });
  it("a declared length over the limit answers 413 in the editor's words before reading", async () => {
    const answer = await within(
      1000,
      raw(url, endless(), { "content-length": String(tooBig), authorization: `Bearer ${app.actors.eleve.token}` }),
    );
    expect(answer).not.toBe("pending");
    const res = answer as Response;
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message });
  });
  it("takes multipart only", async () => {
    const res = await app.ctx.request("POST", url, { token: app.actors.eleve.token, body: { file: "x" } });
    expect(res.status).toBe(415);
  });
});
