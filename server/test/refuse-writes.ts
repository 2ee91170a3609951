// A trigger that makes the database refuse a write, as a full disk would, on either engine:
// SQLite's RAISE(ABORT) in the trigger, PostgreSQL's RAISE EXCEPTION in a trigger function.
import type { Engine } from "../src/db/engine";

/**
 * Turns on (or off) the refusal of `event` ("INSERT", "UPDATE OF avatar_version"…) on `table`,
 * with the error « disque plein ». `name` names the trigger (and its function on PostgreSQL).
 */
export async function refuseWrites(engine: Engine, name: string, event: string, table: string, on: boolean): Promise<void> {
  const { raw } = engine;
  if (engine.kind === "sqlite") {
    await raw.run(
      on ? `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'disque plein'); END` : `DROP TRIGGER ${name}`,
    );
  } else if (on) {
    await raw.run(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disque plein'; END $$`);
    await raw.run(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  } else {
    await raw.run(`DROP TRIGGER ${name} ON ${table}`);
    await raw.run(`DROP FUNCTION ${name}()`);
  }
}
