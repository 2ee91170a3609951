// The steady load of the restart tests (the SQLite takeover, the cluster's rolling restart): each
// student reads the list, reads their coins and adds a personal task in turn, and the admin sets
// coins and reads the accounts, until stopped. What was acknowledged is kept, for the test to
// find in the database afterwards. How a request is sent and judged is the test's own (`send`).
import type { Student } from "./cluster/client";

/** Sends one request and says whether it got `expected` (the reply), recording any failure its own way. */
export type SendRequest = (
  who: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  expected: number,
) => Promise<{ json: Record<string, unknown> | null } | null>;

export interface SteadyLoad {
  /** Personal tasks acknowledged, by student id. */
  acknowledged: Map<string, string[]>;
  /** The last balance the admin was told was saved, by student id. */
  lastBalance: Map<string, number>;
  /** Stops the loops and waits for their last requests. */
  stop(): Promise<void>;
}

/** Reads only past this many writes: a student holds at most 500 personal tasks. */
const MAX_WRITES = 400;

export function steadyLoad(o: { students: Student[]; adminToken: string; date: string; pauseMs: number; send: SendRequest }): SteadyLoad {
  const { students, adminToken, date, pauseMs, send } = o;
  const acknowledged = new Map<string, string[]>(students.map((s) => [s.id, []]));
  const lastBalance = new Map<string, number>();
  let running = true;
  const student = async (s: Student, w: number) => {
    for (let k = 0; running; k++) {
      if (k % 3 === 0) await send(s.username, "GET", "/api/events", s.token, undefined, 200);
      else if (k % 3 === 1 || acknowledged.get(s.id)!.length >= MAX_WRITES)
        await send(s.username, "GET", "/api/coins/user-coins", s.token, undefined, 200);
      else {
        const r = await send(s.username, "POST", "/api/personal-tasks", s.token, { titre: `Charge ${w}-${k}`, date, heure: "18:00" }, 201);
        if (r) acknowledged.get(s.id)!.push((r.json!.event as { id: string }).id);
      }
      await Bun.sleep(pauseMs);
    }
  };
  const admin = async () => {
    for (let k = 0; running; k++) {
      const target = students[k % students.length]!;
      const coins = 100 + k;
      const r = await send("admin", "POST", "/api/users-admin", adminToken, { action: "update-coins", userId: target.id, coins }, 200);
      if (r) lastBalance.set(target.id, coins);
      await send("admin", "GET", "/api/users-admin", adminToken, undefined, 200);
      await Bun.sleep(pauseMs);
    }
  };
  const loops = Promise.all([...students.map((s, w) => student(s, w)), admin()]);
  return {
    acknowledged,
    lastBalance,
    stop: async () => {
      running = false;
      await loops;
    },
  };
}
