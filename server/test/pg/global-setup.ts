// The server-pg project's one cluster for the whole run (or the one PLANIFY_PG_TEST_URL names):
// its address reaches the test workers through PLANIFY_PG_TEST_URL (test/pg/test-database.ts).
import { connectPgCluster, startPgCluster } from "./cluster";

export default async function setup(): Promise<() => Promise<void>> {
  const given = process.env.PLANIFY_PG_TEST_URL;
  const cluster = given ? connectPgCluster(given) : await startPgCluster();
  process.env.PLANIFY_PG_TEST_URL = cluster.adminUrl;
  return () => cluster.stop();
}
