import { existsSync } from "node:fs";
import { root } from "./paths";

/** Runs a command in the repository (inheriting output); resolves to its exit code. */
export async function sh(cmd: string[], opts: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<number> {
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd ?? root,
    env: { ...process.env, ...opts.env },
    stdio: ["inherit", "inherit", "inherit"],
  });
  return proc.exited;
}

/** Like sh, but throws when the command fails. */
export async function must(cmd: string[], opts: Parameters<typeof sh>[1] = {}): Promise<void> {
  const code = await sh(cmd, opts);
  if (code !== 0) throw new Error(`[planify] échec (${code}) : ${cmd.join(" ")}`);
}

export const bunBin = process.execPath;
/** Path of a package binary, from the root or a workspace's node_modules/.bin. */
export function bin(name: string): string {
  for (const dir of ["", "web/", "server/", "desktop/"]) {
    const path = `${root}/${dir}node_modules/.bin/${name}`;
    if (existsSync(path)) return path;
  }
  throw new Error(`[planify] binaire introuvable : ${name} (dépendances installées ?)`);
}
