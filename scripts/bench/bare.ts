// Starts the yardstick (./bare-server.ts) in its own process: the hello-world, or a server
// sending one file's bytes as they are (the task list's, for the "same bytes" row).
import { join } from "node:path";
import { root } from "../lib/paths";

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** A bare Bun.serve in its own process, its address read from the first line it prints. */
export async function startBare(...args: string[]): Promise<BareServer> {
  const proc = Bun.spawn([process.execPath, join(root, "scripts", "bench", "bare-server.ts"), ...args], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
  };
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) {
      await stop();
      throw new Error("the bare Bun server did not start");
    }
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { url: `http://127.0.0.1:${Number(text.split("\n")[0])}/`, stop };
}
