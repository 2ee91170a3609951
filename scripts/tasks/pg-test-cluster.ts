// node scripts/run.mjs pg-test-cluster [-- <command> …]: starts a throw-away PostgreSQL (its
// own cluster in a temp folder, with Planify's migrated template database), then either runs
// the command with PLANIFY_PG_TEST_URL set (the pg tests then use this cluster instead of
// starting their own) and exits with its status, or prints the address and waits for Ctrl-C.
// The cluster and its folder are removed at the end, on Ctrl-C too.
import { startPgCluster } from "../../server/test/pg/cluster";

const command = process.argv.slice(2).filter((a, i) => !(i === 0 && a === "--"));
const started = performance.now();
const cluster = await startPgCluster();
console.log(`[planify] PostgreSQL de test prêt en ${Math.round(performance.now() - started)} ms : ${cluster.adminUrl}`);
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(130));
if (command.length === 0) {
  console.log(`[planify] PLANIFY_PG_TEST_URL=${cluster.adminUrl} — Ctrl-C pour l'arrêter.`);
  setInterval(() => {}, 1 << 30);
} else {
  const proc = Bun.spawn(command, {
    env: { ...process.env, PLANIFY_PG_TEST_URL: cluster.adminUrl },
    stdio: ["inherit", "inherit", "inherit"],
  });
  await stop(await proc.exited);
}
