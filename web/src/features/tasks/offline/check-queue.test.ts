import { beforeEach, describe, expect, it, vi } from "vitest";

type Queue = typeof import("./check-queue");
type Api = typeof import("../../../lib/api");
let q: Queue;
let api: Api;

/** A fresh copy of the modules, as after a page reload: only local storage survives. */
async function reload() {
  vi.resetModules();
  q = await import("./check-queue");
  api = await import("../../../lib/api");
}

/** A fake server that applies check states once per Idempotency-Key, as the real one does. */
function fakeServer() {
  const state = new Map<string, boolean>();
  const keys = new Set<string>();
  let counted = 0;
  const calls: string[] = [];
  const send = vi.fn(async (taskId: string, checked: boolean, key: string) => {
    calls.push(key);
    if (keys.has(key)) return;
    keys.add(key);
    if (checked && !state.get(taskId)) counted++;
    if (!checked && state.get(taskId)) counted--;
    state.set(taskId, checked);
  });
  return { send, state, calls, counted: () => counted };
}

beforeEach(async () => {
  localStorage.clear();
  await reload();
});

describe("offline check queue", () => {
  it("keeps a check made offline across a reload, then sends it once when the connection is back", async () => {
    q.enqueueCheck("u1", "t1", "Rapport", true);
    const offline = vi.fn(async () => {
      throw new api.ApiError(0, "Erreur réseau", null);
    });
    expect(await q.flushChecks("u1", offline)).toMatchObject({ stalled: true, sent: [] });
    await reload();
    expect(q.pendingStates(q.readQueue(), "u1")).toEqual(new Map([["t1", true]]));
    const server = fakeServer();
    const result = await q.flushChecks("u1", server.send);
    expect(result.sent.map((e) => e.taskId)).toEqual(["t1"]);
    expect(server.state.get("t1")).toBe(true);
    expect(server.counted()).toBe(1);
    expect(q.readQueue()).toEqual([]);
    // Nothing left: a second 'online' sends nothing more.
    await q.flushChecks("u1", server.send);
    expect(server.send).toHaveBeenCalledTimes(1);
  });

  it("a check on its way is not shown as waiting; one left by a lost connection is", async () => {
    q.enqueueCheck("u1", "t1", "Rapport", true);
    let seenWhileSending: Map<string, boolean> | null = null;
    const offline = vi.fn(async () => {
      seenWhileSending = q.pendingStates(q.readQueue(), "u1", q.readSending());
      throw new api.ApiError(0, "Erreur réseau", null);
    });
    await q.flushChecks("u1", offline);
    expect(seenWhileSending).toEqual(new Map());
    expect(q.readSending()).toBeNull();
    expect(q.pendingStates(q.readQueue(), "u1", q.readSending())).toEqual(new Map([["t1", true]]));
  });

  it("replays with the same key when the answer was lost, so the server counts it once", async () => {
    const entry = q.enqueueCheck("u1", "t1", "Rapport", true);
    const server = fakeServer();
    // The request reached the server but the answer never came back.
    const lostAnswer = vi.fn(async (taskId: string, checked: boolean, key: string) => {
      await server.send(taskId, checked, key);
      throw new api.ApiError(0, "Erreur réseau", null);
    });
    await q.flushChecks("u1", lostAnswer);
    await reload();
    await q.flushChecks("u1", server.send);
    expect(server.calls).toEqual([entry.key, entry.key]);
    expect(server.counted()).toBe(1);
    expect(q.readQueue()).toEqual([]);
  });

  it("stores the state wanted, not a toggle: the last choice for a task replaces the earlier one", async () => {
    q.enqueueCheck("u1", "t1", "Rapport", true);
    q.enqueueCheck("u1", "t1", "Rapport", false);
    q.enqueueCheck("u2", "t1", "Rapport", true);
    expect(q.readQueue().map((e) => [e.userId, e.checked])).toEqual([
      ["u1", false],
      ["u2", true],
    ]);
    const server = fakeServer();
    await q.flushChecks("u1", server.send);
    expect(server.send).toHaveBeenCalledWith("t1", false, expect.any(String));
    expect(server.send).toHaveBeenCalledTimes(1);
    // Another user's check waits for that user.
    expect(q.readQueue().map((e) => e.userId)).toEqual(["u2"]);
  });

  it("drops a check the server refuses and says why in French; the others still go", async () => {
    q.enqueueCheck("u1", "gone", "Exposé supprimé", true);
    q.enqueueCheck("u1", "t2", "TP réseau", true);
    const server = fakeServer();
    const send = vi.fn(async (taskId: string, checked: boolean, key: string) => {
      if (taskId === "gone") throw new api.ApiError(404, "Erreur 404: Not Found Tâche introuvable.", "Tâche introuvable.", "NOT_FOUND");
      return server.send(taskId, checked, key);
    });
    const result = await q.flushChecks("u1", send);
    expect(result.refused.map((r) => r.message)).toEqual([
      "« Exposé supprimé » n'a pas pu être cochée (action faite hors ligne) : Tâche introuvable.",
    ]);
    expect(result.sent.map((e) => e.taskId)).toEqual(["t2"]);
    expect(q.readQueue()).toEqual([]);
  });

  it("keeps the entries when the session has expired (401): they go after the next login", async () => {
    q.enqueueCheck("u1", "t1", "Rapport", true);
    const result = await q.flushChecks("u1", async () => {
      throw new api.ApiError(401, "Session expirée", null, "UNAUTHORIZED");
    });
    expect(result).toMatchObject({ stalled: true, refused: [] });
    expect(q.readQueue()).toHaveLength(1);
  });

  it("a choice made while an older one is being sent is not lost", async () => {
    q.enqueueCheck("u1", "t1", "Rapport", true);
    const server = fakeServer();
    let first = true;
    const send = vi.fn(async (taskId: string, checked: boolean, key: string) => {
      if (first) {
        first = false;
        q.enqueueCheck("u1", "t1", "Rapport", false); // the user unticks during the request
      }
      return server.send(taskId, checked, key);
    });
    await q.flushChecks("u1", send);
    expect(send.mock.calls.map((c) => c[1])).toEqual([true, false]);
    expect(server.state.get("t1")).toBe(false);
    expect(q.readQueue()).toEqual([]);
  });
});
