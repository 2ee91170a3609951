import { afterAll, describe, expect, it } from "vitest";
import { createServer } from "node:net";
import { ownListeners, steerNewConnectionsHere } from "./reuseport-steer";

// The kernel's choice between two servers sharing a port (SO_REUSEPORT), before and after the
// second one steers new connections to itself: what keeps the first one's accept queue empty
// when it closes during a takeover (takeover.ts).

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Who answers `count` requests, each on a new connection. */
async function answers(port: number, count: number): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const text = await (await fetch(`http://127.0.0.1:${port}/`, { keepalive: false })).text();
    seen[text] = (seen[text] ?? 0) + 1;
  }
  return seen;
}

const children: Bun.Subprocess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
});

describe.skipIf(process.platform !== "linux")("steering a shared port's new connections", () => {
  it("sends every new connection to the listener that steers them, and still serves once the other has closed", async () => {
    const port = await freePort();
    const first = Bun.spawn(
      [
        process.execPath,
        "-e",
        `Bun.serve({ hostname: "127.0.0.1", port: ${port}, reusePort: true, fetch: () => new Response("premier") }); console.log("prêt");`,
      ],
      { stdout: "pipe" },
    );
    children.push(first);
    const reader = first.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("prêt");
    const second = Bun.serve({ hostname: "127.0.0.1", port, reusePort: true, fetch: () => new Response("second") });
    try {
      expect(ownListeners(port)).toHaveLength(1);
      // Unsteered, the kernel spreads new connections over both.
      const spread = await answers(port, 100);
      expect(spread.premier).toBeGreaterThan(0);
      expect(spread.second).toBeGreaterThan(0);

      expect(steerNewConnectionsHere(port)).toBeNull();
      expect(await answers(port, 100)).toEqual({ second: 100 });

      // Alone in the group, the program's index is out of range: the kernel's hash picks the one left.
      first.kill("SIGKILL");
      await first.exited;
      expect(await answers(port, 20)).toEqual({ second: 20 });
    } finally {
      await second.stop(true);
    }
  });

  it("says why not when this process has no listener on the port", async () => {
    expect(steerNewConnectionsHere(await freePort())).toMatch(/^0 listening sockets of this process on port \d+ \(one expected\)$/);
  });
});
