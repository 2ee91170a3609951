// A fresh PostgreSQL database per test app, handed out synchronously (createTestApp is sync):
// the database is copied from the cluster's migrated template in the background (one copy
// ahead), and every statement of the client waits for the copy first. Test tooling only.
import { SQL } from "bun";
import { type PostgresHandle, postgresEngine } from "../../src/db/postgres";
import { TEMPLATE_DB } from "./cluster";

let admin: SQL | undefined;
let counter = 0;

/** The shared cluster's address, given by the server-pg project's global setup. */
export function pgTestUrl(): string {
  const url = process.env.PLANIFY_PG_TEST_URL;
  if (!url) throw new Error("PLANIFY_PG_TEST_URL is not set: run the server tests on PostgreSQL through the server-pg project");
  return url;
}

/** Bun's client, with every query, transaction and close held until `ready` resolves. */
function heldClient(real: SQL, ready: Promise<unknown>): SQL {
  const later = <T>(run: () => PromiseLike<T>): PromiseLike<T> => ready.then(run);
  const deferredQuery = (run: () => ReturnType<SQL["unsafe"]>) => ({
    values: () => later(() => run().values()),
    // biome-ignore lint/suspicious/noThenProperty: a query stands for its rows until awaited, as Bun's own does
    then: <A, B>(ok?: (rows: unknown) => A, ko?: (e: unknown) => B) => later(() => run()).then(ok, ko),
  });
  return new Proxy(real, {
    get(target, key, receiver) {
      if (key === "unsafe") return (query: string, params?: unknown[]) => deferredQuery(() => target.unsafe(query, params));
      if (key === "begin" || key === "transaction" || key === "close" || key === "reserve") {
        return (...args: unknown[]) => later(() => (target[key] as (...a: unknown[]) => PromiseLike<unknown>)(...args));
      }
      return Reflect.get(target, key, receiver);
    },
  }) as SQL;
}

interface Copy {
  name: string;
  ready: Promise<unknown>;
}

/** Starts copying the template into a new database (CREATE DATABASE … TEMPLATE, ~0.2-0.6 s). */
function startCopy(): Copy {
  admin ??= new SQL({ url: pgTestUrl(), max: 2 });
  // The module (and its counter) is loaded again for each test file of a worker: the random part keeps names apart.
  const name = `t_${process.pid}_${Date.now().toString(36)}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  const ready = admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE ${TEMPLATE_DB}`);
  // A spare never handed out must not fail the run when the cluster stops under it.
  ready.catch(() => {});
  return { name, ready };
}

/** The next test app's database, copied while the current one runs. */
let spare: Copy | undefined;

/**
 * A new database copied from the template, with its engine (usable at once; it waits for the
 * copy). The copy of the next one starts at once, so a test file creating an app per test
 * seldom waits for one.
 */
export function freshTestDatabase(): PostgresHandle {
  const copy = spare ?? startCopy();
  spare = startCopy();
  const url = pgTestUrl().replace(/\/[^/]*$/, `/${copy.name}`);
  return postgresEngine(heldClient(new SQL({ url, max: 4, idleTimeout: 5 }), copy.ready));
}
