import { SQL } from "bun";
import { afterEach, expect, it } from "vitest";
import { describePg, usePgCluster } from "./suite";

// drizzle-pg/0001_list-version-triggers does on PostgreSQL what drizzle/0013 does on SQLite: the
// same writes move the same counters (the cases of server/src/lib/cache/list-versions.test.ts).
describePg("list_versions, moved by PostgreSQL triggers", () => {
  const cluster = usePgCluster();
  let sql: SQL;
  afterEach(async () => {
    await sql.close();
  });

  async function school() {
    sql = new SQL(await cluster().createDatabase());
    for (const id of ["prof", "ana", "ben"])
      await sql`INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES (${id}, ${id}, ${id}, 'x', 'eleve', '', '')`;
    await sql`INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_by, created_at, updated_at)
              VALUES ('t1', 'Devoir', 'devoir', 'Maths', '2026-11-20', '18:00', 0, 'BUT1', 'prof', '', '')`;
    const versions = async (userId: string) => {
      const rows: { scope: string; version: string }[] =
        await sql`SELECT scope, version FROM list_versions WHERE scope IN ('tasks', ${`user:${userId}`})`;
      const of = (scope: string) => Number(rows.find((r) => r.scope === scope)?.version ?? 0);
      return { tasks: of("tasks"), user: of(`user:${userId}`) };
    };
    return { run: (text: string) => sql.unsafe(text), versions };
  }

  it("a task, its groups, its attachments and the subjects move every list's counter, once per write", async () => {
    const { run, versions } = await school();
    const steps = [
      "UPDATE tasks SET titre = 'Devoir 2' WHERE id = 't1'",
      "INSERT INTO task_groups (task_id, groupe) VALUES ('t1', 'A')",
      "INSERT INTO task_files (stored_name, task_id, kind, original_name, ext, size, created_at) VALUES ('f1', 't1', 'attachment', 'a.pdf', 'pdf', 1, 0)",
      `INSERT INTO subjects (id, name, name_key, color, color2, years_allowed, groups_allowed, specialites_allowed, created_at, updated_at)
       VALUES ('s1', 'Maths', 'maths', '#000000', '#000000', '[]', '[]', '[]', '', '')`,
      "UPDATE subjects SET color = '#FFFFFF'",
      "INSERT INTO subject_rules (subject_name, years_allowed, specialites_allowed, groups_allowed, updated_at) VALUES ('Maths', '[]', '[]', '[]', '')",
      "DELETE FROM task_files WHERE stored_name = 'f1'",
      "DELETE FROM task_groups",
    ];
    let last = (await versions("ana")).tasks;
    expect(last).toBe(1); // the task inserted by school()
    for (const step of steps) {
      await run(step);
      expect((await versions("ana")).tasks, step).toBe(last + 1);
      last += 1;
    }
  });

  it("a student's states and personal tasks move their own counter only", async () => {
    const { run, versions } = await school();
    const [ana, ben] = [await versions("ana"), await versions("ben")];
    await run("INSERT INTO task_states (user_id, task_id, checked) VALUES ('ana', 't1', true)");
    await run(
      "INSERT INTO personal_tasks (id, owner_id, titre, date, heure, deadline_at, created_at, updated_at) VALUES ('p1', 'ana', 'Lire', '2026-11-20', '18:00', 0, '', '')",
    );
    await run("UPDATE personal_tasks SET titre = 'Relire'");
    await run("DELETE FROM task_states");
    expect((await versions("ana")).user).toBe(ana.user + 4);
    expect((await versions("ana")).tasks).toBe(ana.tasks);
    expect(await versions("ben")).toEqual(ben);
  });

  it("a hand-in and a coin write move nothing: no list shows them", async () => {
    const { run, versions } = await school();
    const before = await versions("ana");
    await run(
      "INSERT INTO task_files (stored_name, task_id, kind, user_id, original_name, ext, size, created_at) VALUES ('h1', 't1', 'submission', 'ana', 'copie.pdf', 'pdf', 1, 0)",
    );
    await run("UPDATE users SET coins = 50 WHERE id = 'ana'");
    expect(await versions("ana")).toEqual(before);
  });

  it("deleting the creator of a task (its creator set to null by the foreign key) moves every list's counter", async () => {
    const { run, versions } = await school();
    const before = (await versions("ana")).tasks;
    await run("DELETE FROM users WHERE id = 'prof'");
    expect([...(await sql`SELECT created_by FROM tasks`)]).toEqual([{ created_by: null }]);
    expect((await versions("ana")).tasks).toBe(before + 1);
  });

  it("a write that rolls back leaves the counters as they were", async () => {
    const { versions } = await school();
    const before = await versions("ana");
    await expect(
      sql.begin(async (tx) => {
        await tx`UPDATE tasks SET titre = 'Annulé'`;
        await tx`INSERT INTO task_states (user_id, task_id) VALUES ('ana', 't1')`;
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await versions("ana")).toEqual(before);
  });
});
