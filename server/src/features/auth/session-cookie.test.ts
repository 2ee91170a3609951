import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, taskBody, type EventJson } from "../tasks/test-support";

// A plain `<a href download>` in a logged-in browser sends the session cookie and nothing
// else: it must download, while the same cookie never authorises a write or another read.
let ctx: TestContext;
let task: EventJson;
let attachment: { filename: string; url: string; path: string };
let mine: { filename: string; url: string; path: string };
let theirs: { filename: string; url: string; path: string };
const cookies: Record<string, string> = {};

/** Logs in and returns the session cookie pair ("planify_session=…") and its Set-Cookie line. */
async function login(username: string, password: string, rememberMe?: boolean) {
  const res = await ctx.request("POST", "/api/users/login", { body: { username, password, rememberMe } });
  const line = res.headers.getSetCookie().find((c) => c.startsWith("planify_session="))!;
  const { token } = (await res.json()) as { token: string };
  return { pair: line.split(";")[0]!, line, token };
}

const withCookie = (method: string, url: string, who: string, body?: unknown) =>
  ctx.request(method, url, { headers: { cookie: cookies[who]! }, body });

beforeAll(async () => {
  ctx = createTestApp();
  const prof = await ctx.user({ role: "prof", username: "prof" });
  const ana = await ctx.user({ role: "eleve", username: "ana" });
  const bob = await ctx.user({ role: "eleve", username: "bob" });
  task = await createTask(ctx, prof.token, { submissionEnabled: true });
  const added = await ctx.request("POST", `/api/events/${task.id}/attachments`, {
    token: prof.token,
    body: filesForm([["sujet.pdf", FIXTURES.pdf()]]),
  });
  attachment = ((await added.json()) as { files: (typeof attachment)[] }).files[0]!;
  const deposit = async (token: string, name: string) => {
    const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, { token, body: filesForm([[name, FIXTURES.pdf()]]) });
    return ((await res.json()) as { files: (typeof attachment)[] }).files[0]!;
  };
  mine = await deposit(ana.token, "copie-ana.pdf");
  theirs = await deposit(bob.token, "copie-bob.pdf");
  for (const [who, u] of [
    ["ana", ana],
    ["prof", prof],
  ] as const)
    cookies[who] = (await login(u.username, u.password)).pair;
});
afterAll(() => ctx.close());

describe("session cookie", () => {
  it("is set at login: HttpOnly, SameSite=Strict, for the whole site, as long as the token", async () => {
    const kept = await login("ana", "motdepasse-123");
    expect(kept.line).toMatch(/HttpOnly/i);
    expect(kept.line).toMatch(/SameSite=Strict/i);
    expect(kept.line).toMatch(/Path=\/(;|$)/);
    expect(kept.line).toMatch(/Max-Age=2592000/);
    expect(kept.pair).toBe(`planify_session=${kept.token}`);
    expect((await login("ana", "motdepasse-123", false)).line).toMatch(/Max-Age=86400/);
  });

  it("downloads with only the cookie: attachments, one's own hand-in, the ZIP, and the /uploads paths", async () => {
    expect(mine.url).toBe(`/api/events/${task.id}/submissions/${mine.filename}/download`);
    expect(mine.path).toBe(`/uploads/submissions/${task.id}/${mine.filename}`);
    expect(attachment.path).toBe(`/uploads/events/${task.id}/${attachment.filename}`);
    const downloads: [string, string][] = [
      ["ana", attachment.url],
      ["ana", attachment.path],
      ["ana", mine.url],
      ["ana", mine.path],
      ["ana", `/api/events/${task.id}/submissions/files/${mine.filename}/download`],
      ["prof", theirs.url],
      ["prof", theirs.path],
      ["prof", `/api/events/${task.id}/submissions/zip`],
    ];
    for (const [who, url] of downloads) {
      const res = await withCookie("GET", url, who);
      expect([who, url, res.status]).toEqual([who, url, 200]);
      const body = new Uint8Array(await res.arrayBuffer());
      if (!url.endsWith("/zip")) expect(body).toEqual(FIXTURES.pdf());
      expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
    }
  });

  it("does not open another student's hand-in", async () => {
    for (const url of [theirs.url, theirs.path]) {
      const res = await withCookie("GET", url, "ana");
      expect([url, res.status]).toEqual([url, 404]);
      expect(await res.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
  });

  it("never authorises a write nor another read", async () => {
    const refused: [string, string, unknown?][] = [
      ["POST", `/api/events/${task.id}/submissions`, filesForm([["x.pdf", FIXTURES.pdf()]])],
      ["DELETE", `/api/events/${task.id}/my-submission/${mine.filename}`],
      ["PUT", `/api/events/${task.id}`, taskBody({ titre: "Piraté" })],
      ["POST", "/api/coins/spin-wheel"],
      ["GET", "/api/coins/inventory"],
      ["GET", `/api/events/${task.id}`],
      ["GET", `/api/events/${task.id}/my-submission`],
    ];
    for (const [method, url, body] of refused) {
      const res = await withCookie(method, url, method === "PUT" ? "prof" : "ana", body);
      expect([method, url, res.status]).toEqual([method, url, 401]);
    }
    // The hand-in is still there.
    expect((await withCookie("GET", mine.url, "ana")).status).toBe(200);
  });

  it("without a session the /uploads paths answer a JSON 401, and a forged cookie is no session", async () => {
    for (const headers of [{}, { cookie: "planify_session=forged.token.value" }] as Record<string, string>[]) {
      const res = await ctx.request("GET", attachment.path, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    }
  });

  it("is cleared by DELETE /users/session (logout)", async () => {
    const res = await ctx.request("DELETE", "/api/users/session");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const line = res.headers.getSetCookie().find((c) => c.startsWith("planify_session="))!;
    expect(line).toMatch(/^planify_session=;/);
    expect(line).toMatch(/Max-Age=0/);
  });
});
