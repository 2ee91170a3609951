// The yardstick: a bare Bun.serve hello-world answering the same JSON as /api/health, run
// in its own process beside the Planify binary. Prints its port on the first line.
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => Response.json({ status: "ok", version: "bench", diskFreeBytes: 0 }),
});
console.log(server.port);
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
