import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { serverPerFile } from "./process";

// A school's script calling the API from Node (fetch, http.request) must read an early
// refusal. Before, the server closed with the body unread, the kernel reset the connection
// and Node reported EPIPE or ECONNRESET instead of the answer, most of the time.
const CLIENT = fileURLToPath(new URL("node-client.mjs", import.meta.url));
const MB = 1024 * 1024;
const live = serverPerFile("node-clients", { PLANIFY_MAX_UPLOAD_MB: "0.5" });

interface Seen {
  status?: number;
  json?: { message?: string; code?: string };
  error?: string;
}

/** Runs the cases in a Node child process; each is sent `times` times by fetch and by http. */
async function fromNode(cases: { path: string; bytes: number; contentType: string; token?: string }[], times: number) {
  const list = cases.flatMap((c) => Array.from({ length: times }, () => ({ ...c, url: `${live.url}${c.path}` })));
  const proc = Bun.spawn(["node", CLIENT, JSON.stringify(list)], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`node client failed: ${err}`);
  return JSON.parse(out) as { fetch: Seen; http: Seen }[];
}

const multipart = "multipart/form-data; boundary=x";
const TOO_LARGE = "Requête trop volumineuse.";
const NO_SESSION = "Session expirée. Veuillez vous reconnecter.";
const NOT_JSON = "Format de requête non accepté : envoyez des données JSON.";

describe("early refusals reach Node clients", { timeout: 120_000 }, () => {
  // [what, path, bytes, content type, signed in, status, code, French message]
  const cases: [string, string, number, string, boolean, number, string, string][] = [
    ["5 MB of JSON to the login (16 KB)", "/api/users/login", 5 * MB, "application/json", false, 413, "PAYLOAD_TOO_LARGE", TOO_LARGE],
    ["an 8 MB upload over the 6 MB limit", "/api/events/nope/submissions", 8 * MB, multipart, true, 413, "PAYLOAD_TOO_LARGE", TOO_LARGE],
    ["5 MB of text/plain to the login", "/api/users/login", 5 * MB, "text/plain", false, 415, "UNSUPPORTED_MEDIA_TYPE", NOT_JSON],
    ["a guest's 5 MB upload", "/api/events/nope/submissions", 5 * MB, multipart, false, 401, "UNAUTHORIZED", NO_SESSION],
    ["a guest's 5 MB avatar", "/api/users/upload-avatar", 5 * MB, multipart, false, 401, "UNAUTHORIZED", NO_SESSION],
  ];

  it.each(cases)(
    "%s: fetch and http.request read the status and the French message",
    async (_what, path, bytes, contentType, signedIn, status, code, message) => {
      const seen = await fromNode([{ path, bytes, contentType, token: signedIn ? live.adminToken : undefined }], 4);
      for (const { fetch, http } of seen) {
        expect(fetch).toEqual({ status, json: { success: false, code, message } });
        expect(http).toEqual({ status, json: { success: false, code, message } });
      }
    },
  );

  it("the server still answers on a new connection afterwards", async () => {
    const res = await fetch(`${live.url}/api/health`);
    expect(res.status).toBe(200);
  });
});
