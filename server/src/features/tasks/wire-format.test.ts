import { describe, expect, it } from "vitest";
import { appPerFile } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm } from "./test-support";

// The wire format clients rely on: per-user state arrays beside the booleans, holding
// only the caller's id, and a hand-in's `user` as the student's id with `userName` beside it.
const app = appPerFile();

type StateJson = { checked: boolean; archived: boolean; hidden: boolean; checkedBy: string[]; archivedBy: string[]; hiddenBy: string[] };
async function read(token: string, id: string): Promise<StateJson> {
  const res = await app.ctx.request("GET", `/api/events/${id}`, { token });
  return ((await res.json()) as { event: StateJson }).event;
}

describe("checkedBy, archivedBy and hiddenBy", () => {
  it("hold the caller's id when the state applies, and never another user's id", async () => {
    const task = await createTask(app.ctx, app.actors.prof.token, { titre: "Tableau d'état" });
    const { eleve, etudiant } = app.actors;
    await app.ctx.request("POST", `/api/events/${task.id}/check`, { token: eleve.token });
    await app.ctx.request("POST", `/api/events/${task.id}/archive`, { token: eleve.token });
    await app.ctx.request("POST", `/api/events/${task.id}/check`, { token: etudiant.token });

    expect(await read(eleve.token, task.id)).toMatchObject({
      checked: true,
      checkedBy: [eleve.id],
      archived: true,
      archivedBy: [eleve.id],
      hidden: false,
      hiddenBy: [],
    });
    // Another student who also checked it sees only their own id; the prof sees nobody's.
    expect(await read(etudiant.token, task.id)).toMatchObject({ checked: true, checkedBy: [etudiant.id], archived: false, archivedBy: [] });
    expect(await read(app.actors.prof.token, task.id)).toMatchObject({ checkedBy: [], archivedBy: [], hiddenBy: [] });

    const list = await app.ctx.request("GET", "/api/events", { token: eleve.token });
    const all = JSON.stringify(await list.json());
    expect(all).not.toContain(etudiant.id);

    await app.ctx.request("DELETE", `/api/events/${task.id}`, { token: eleve.token });
    expect(await read(eleve.token, task.id)).toMatchObject({ hidden: true, hiddenBy: [eleve.id] });
  });
});

describe("hand-ins on the wire", () => {
  it("a submission's user is the student's id string, with userName beside it", async () => {
    const task = await createTask(app.ctx, app.actors.prof.token, { titre: "Rendu noté", submissionEnabled: true });
    const up = await app.ctx.request("POST", `/api/events/${task.id}/submissions`, {
      token: app.actors.eleve.token,
      body: filesForm([["rapport.pdf", FIXTURES.pdf()]]),
    });
    expect(up.status).toBe(201);
    const res = await app.ctx.request("GET", `/api/events/${task.id}/submissions`, { token: app.actors.prof.token });
    const { submissions } = (await res.json()) as { submissions: Record<string, unknown>[] };
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ user: app.actors.eleve.id, userId: app.actors.eleve.id, userName: "eleve" });
    expect(typeof submissions[0]!.user).toBe("string");
  });
});

describe("what the caller may do with each task", () => {
  it("the server sends `can` from the one permission rule", async () => {
    const task = await createTask(app.ctx, app.actors.delegue.token, { titre: "Du délégué" });
    expect((await read(app.actors.delegue.token, task.id)) as unknown).toMatchObject({
      can: { edit: true, hardDelete: true, editYear: false, seeSubmissions: false },
    });
    expect((await read(app.actors.eleve.token, task.id)) as unknown).toMatchObject({
      can: { edit: false, hardDelete: false, setGroups: false, hide: true },
    });
    expect((await read(app.actors.prof.token, task.id)) as unknown).toMatchObject({
      can: { edit: true, hardDelete: false, editYear: true, seeSubmissions: true, deposit: false },
    });
    expect((await read(app.actors.admin.token, task.id)) as unknown).toMatchObject({ can: { edit: true, hardDelete: true } });
  });
});

describe("error codes say what happened", () => {
  it("clearing a task that needs a hand-in answers DEPOSIT_REQUIRED", async () => {
    const task = await createTask(app.ctx, app.actors.prof.token, { titre: "Dépôt requis", submissionEnabled: true });
    const res = await app.ctx.request("DELETE", `/api/events/${task.id}`, { token: app.actors.etudiant.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: "DEPOSIT_REQUIRED" });
  });
});
