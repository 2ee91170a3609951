// The PostgreSQL database the bench's second server runs on: a fresh database created in the
// server `--database-url` names (that address itself when it may not create one: it must
// then be empty), or a throw-away cluster (`--postgres`, server/test/pg/cluster.ts).
import { SQL } from "bun";
import { startPgCluster } from "../../server/test/pg/cluster";

export interface BenchDatabase {
  url: string;
  /** Drops what the bench created (the database, or the whole throw-away cluster). */
  stop(): Promise<void>;
}

/** The address without its password, for the bench's log. */
export const shown = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

export async function benchDatabase(o: { url?: string; cluster: boolean }, say: (line: string) => void): Promise<BenchDatabase | null> {
  if (o.cluster) {
    const t0 = performance.now();
    const cluster = await startPgCluster();
    const url = await cluster.createDatabase({ empty: true });
    say(`throw-away PostgreSQL cluster started in ${Math.round(performance.now() - t0)} ms: ${url}`);
    return { url, stop: () => cluster.stop() };
  }
  if (!o.url) return null;
  const name = `planify_bench_${Date.now().toString(36)}`;
  const admin = new SQL({ url: o.url, max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE template0`);
  } catch (error) {
    await admin.close();
    say(`cannot create a database there (${error instanceof Error ? error.message : String(error)}): using ${shown(o.url)} as it is`);
    return { url: o.url, stop: async () => {} };
  }
  const target = new URL(o.url);
  target.pathname = `/${name}`;
  say(`PostgreSQL database ${name} created in ${shown(o.url)}`);
  return {
    url: target.toString(),
    async stop() {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.close();
      }
    },
  };
}
