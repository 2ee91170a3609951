import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { readListVersions } from "./list-versions";

// The task list's counters come from the database itself (migration 0013's triggers): any
// write to what a list shows moves them, whoever makes it, and nothing else does.
let handle: DatabaseHandle;
afterEach(() => handle.close());

function school() {
  handle = openDatabase(":memory:");
  const run = (sql: string, ...params: (string | number | null)[]) => handle.sqlite.query(sql).run(...params);
  const user = (id: string) =>
    run(
      "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES (?1, ?1, ?1, 'x', 'eleve', '', '')",
      id,
    );
  user("prof");
  user("ana");
  user("ben");
  run(
    `INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_by, created_at, updated_at)
     VALUES ('t1', 'Devoir', 'devoir', 'Maths', '2026-11-20', '18:00', 0, 'BUT1', 'prof', '', '')`,
  );
  const versions = (userId: string) => readListVersions(handle.engine.raw, userId);
  return { run, versions };
}

describe("list_versions, moved by triggers", () => {
  it("a task, its groups, its attachments and the subjects move every list's counter", async () => {
    const { run, versions } = school();
    const steps = [
      () => run("UPDATE tasks SET titre = 'Devoir 2' WHERE id = 't1'"),
      () => run("INSERT INTO task_groups (task_id, groupe) VALUES ('t1', 'A')"),
      () =>
        run(
          "INSERT INTO task_files (stored_name, task_id, kind, original_name, ext, size, created_at) VALUES ('f1', 't1', 'attachment', 'a.pdf', 'pdf', 1, 0)",
        ),
      () =>
        run(
          "INSERT INTO subjects (id, name, name_key, color, color2, years_allowed, groups_allowed, specialites_allowed, created_at, updated_at) VALUES ('s1', 'Maths', 'maths', '#000000', '#000000', '[]', '[]', '[]', '', '')",
        ),
      () => run("UPDATE subjects SET color = '#FFFFFF'"),
      () => run("DELETE FROM task_files WHERE stored_name = 'f1'"),
    ];
    let last = (await versions("ana")).tasks;
    for (const step of steps) {
      step();
      expect((await versions("ana")).tasks).toBeGreaterThan(last);
      last = (await versions("ana")).tasks;
    }
  });

  it("a student's states and personal tasks move their own counter only", async () => {
    const { run, versions } = school();
    const [ana, ben] = [await versions("ana"), await versions("ben")];
    run("INSERT INTO task_states (user_id, task_id, checked) VALUES ('ana', 't1', 1)");
    run(
      "INSERT INTO personal_tasks (id, owner_id, titre, date, heure, deadline_at, created_at, updated_at) VALUES ('p1', 'ana', 'Lire', '2026-11-20', '18:00', 0, '', '')",
    );
    expect((await versions("ana")).user).toBe(ana.user + 2);
    expect((await versions("ana")).tasks).toBe(ana.tasks);
    expect(await versions("ben")).toEqual(ben);
  });

  it("a hand-in and a coin write move nothing: no list shows them", async () => {
    const { run, versions } = school();
    const before = await versions("ana");
    run(
      "INSERT INTO task_files (stored_name, task_id, kind, user_id, original_name, ext, size, created_at) VALUES ('h1', 't1', 'submission', 'ana', 'copie.pdf', 'pdf', 1, 0)",
    );
    run("UPDATE users SET coins = 50 WHERE id = 'ana'");
    expect(await versions("ana")).toEqual(before);
  });

  it("deleting the creator of a task (its creator set to null by the foreign key) moves every list's counter", async () => {
    const { run, versions } = school();
    const before = (await versions("ana")).tasks;
    run("DELETE FROM users WHERE id = 'prof'");
    expect(handle.sqlite.query("SELECT created_by FROM tasks").get()).toEqual({ created_by: null });
    expect((await versions("ana")).tasks).toBeGreaterThan(before);
  });

  it("a write that rolls back leaves the counters as they were", async () => {
    const { run, versions } = school();
    const before = await versions("ana");
    expect(() =>
      handle.sqlite.transaction(() => {
        run("UPDATE tasks SET titre = 'Annulé'");
        run("INSERT INTO task_states (user_id, task_id) VALUES ('ana', 't1')");
        throw new Error("rollback");
      })(),
    ).toThrow("rollback");
    expect(await versions("ana")).toEqual(before);
  });
});
