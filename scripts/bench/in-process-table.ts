// `npm run bench -- --only in-process [--against DIR]`: runs scripts/bench/in-process.ts on this
// checkout (and on DIR, alternately, three times each, so both see the same machine) and
// prints each call's median µs per request, and the change against DIR.
import { join } from "node:path";
import { formatTable } from "./table";

const ROUNDS = 3;

async function once(script: string, tree: string): Promise<Record<string, number>> {
  const proc = Bun.spawn([process.execPath, script, tree], { stdout: "pipe", stderr: "inherit", cwd: join(tree, "server") });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error(`in-process bench of ${tree} failed`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, number>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const us = (v: number | undefined) => (v === undefined ? "—" : `${v.toFixed(1)} µs`);

export async function inProcessTable(root: string, against: string | null): Promise<void> {
  const script = join(root, "scripts", "bench", "in-process.ts");
  const mine: Record<string, number>[] = [];
  const theirs: Record<string, number>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    console.log(`[bench] in-process round ${i + 1}/${ROUNDS}`);
    mine.push(await once(script, root));
    if (against) theirs.push(await once(script, against));
  }
  const names = Object.keys(mine[0]!);
  const pick = (runs: Record<string, number>[], name: string) => (runs.length ? median(runs.map((r) => r[name]!)) : undefined);
  console.log(
    `\nIn-process, µs per call (median of ${ROUNDS} processes, each the best of 6 rounds)${against ? `; against ${against}` : ""}\n`,
  );
  console.log(
    formatTable(
      against ? ["Call", "this checkout", "against", "change"] : ["Call", "this checkout"],
      names.map((name) => {
        const [a, b] = [pick(mine, name)!, pick(theirs, name)];
        return against ? [name, us(a), us(b), b ? `${(((a - b) / b) * 100).toFixed(0)} %` : "—"] : [name, us(a)];
      }),
    ),
  );
}
