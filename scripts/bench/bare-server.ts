// The yardstick: a bare Bun.serve in its own process beside the Planify binary. Without
// arguments it answers the same JSON as /api/health (hello-world); with a file and an
// encoding (`bare-server.ts body.bin br`) it sends those bytes, as they are, with the headers
// of a compressed JSON answer: the task list's own bytes, to compare Planify against the
// cost of sending them. Prints its port on the first line.
import { readFileSync } from "node:fs";

const [bodyFile, encoding] = process.argv.slice(2);
const body = bodyFile ? readFileSync(bodyFile) : null;
const headers: Record<string, string> = { "content-type": "application/json;charset=utf-8", vary: "accept-encoding" };
if (encoding) headers["content-encoding"] = encoding;

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => (body ? new Response(body, { headers }) : Response.json({ status: "ok", version: "bench", diskFreeBytes: 0 })),
});
console.log(server.port);
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
