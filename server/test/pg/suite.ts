// The pg tests' setup: one throw-away cluster per test file (or the one PLANIFY_PG_TEST_URL
// names, e.g. started by `node scripts/run.mjs pg-test-cluster -- …`). PLANIFY_PG_TESTS=off is
// the only way to skip them: without PostgreSQL they fail, loudly (CI must not skip silently).
import { afterAll, beforeAll, describe } from "vitest";
import { type PgCluster, connectPgCluster, startPgCluster } from "./cluster";

export const pgTestsOff = process.env.PLANIFY_PG_TESTS === "off";

/** `describe` for tests that need PostgreSQL: skipped only when PLANIFY_PG_TESTS=off. */
export const describePg = describe.skipIf(pgTestsOff);

/**
 * Starts (in beforeAll) the cluster of this file and stops it after the file's tests; call it
 * inside a describePg. The getter throws if used before beforeAll ran. `own`: a cluster of this
 * file even when PLANIFY_PG_TEST_URL names a shared one (a test that halts and restarts it).
 */
export function usePgCluster({ own = false } = {}): () => PgCluster {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    const shared = own ? undefined : process.env.PLANIFY_PG_TEST_URL;
    cluster = shared ? connectPgCluster(shared) : await startPgCluster();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error("usePgCluster: the cluster is not started (call it inside describePg)");
    return cluster;
  };
}
