import { memoOf } from "./cache";

// Work every signed-in request waits for before its session is checked: a feature that must
// finish a change before anyone acts on the school (the factions' season closing at a month's
// end) holds requests while it runs. It starts from a synchronous onRequest hook: an async one
// would make every request of the app, files and health included, wait a turn of the event loop.

const held = (deps: object) => memoOf<Promise<void>>(deps, "held-requests", { max: 1 });

/**
 * Starts the work `start` answers (undefined: nothing to do) unless work is held already, one at
 * a time: signed-in requests wait for it until it settles. Its failure is `start`'s to report.
 */
export function holdRequests(deps: object, start: () => Promise<unknown> | undefined): void {
  const hold = held(deps);
  if (hold.peek("") !== undefined) return;
  const work = start();
  if (work === undefined) return;
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  void hold.set("", settled);
  void settled.then(() => hold.forget(""));
}

/** What signed-in requests must wait for now (undefined, almost always: nothing). */
export function requestsHeld(deps: object): Promise<void> | undefined {
  return held(deps).peek("");
}
