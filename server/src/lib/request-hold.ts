import { memoOf } from "./cache";

// Work every signed-in request waits for before its session is checked: a feature that must
// finish a change before anyone acts on the school (the factions' season closing at a month's
// end) holds requests while it runs. It starts from a synchronous onRequest hook: an async one
// would make every request of the app, files and health included, wait a turn of the event loop.

const held = (deps: object) => memoOf<Promise<void>>(deps, "held-requests", { max: 1 });

/** Signed-in requests wait for `work` (its failure is the caller's to report) until it settles. */
export function holdRequests(deps: object, work: Promise<unknown>): void {
  const hold = held(deps);
  const settled: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  );
  void settled.then(() => {
    if (hold.peek("") === settled) hold.forget("");
  });
  void hold.set("", settled);
}

/** What signed-in requests must wait for now (undefined, almost always: nothing). */
export function requestsHeld(deps: object): Promise<void> | undefined {
  return held(deps).peek("");
}
