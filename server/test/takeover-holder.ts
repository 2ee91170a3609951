// Run by takeover.test.ts: a process that holds a data folder without being a Planify server
// able to leave. argv: dataDir, port, mode:
//   lock-only  holds the folder as a restore does (no announce, no port);
//   deaf       announces itself and serves the port shared, but ignores SIGTERM (a hung server);
//   exclusive  announces itself and serves the port without sharing it (a server of an older version).
// Prints "tenu" once in place and "SIGTERM reçu" on each SIGTERM.
import { lockDataDir } from "../src/data-lock";

const [dataDir, portText, mode] = process.argv.slice(2) as [string, string, string];
const port = Number(portText);
const lock = lockDataDir(dataDir);
process.on("SIGTERM", () => console.log("SIGTERM reçu"));
if (mode !== "lock-only") {
  Bun.serve({ hostname: "127.0.0.1", port, reusePort: mode === "deaf", fetch: () => new Response("ancien") });
  lock.announce({ host: "127.0.0.1", port });
}
console.log("tenu");
// Kept alive until the test kills it.
setInterval(() => {}, 60_000);
