// A hand-driven clock for the backup schedule tests. Not a test file itself.
import type { Clock } from "../lib/clock";

const iso = (ms: number) => new Date(ms).toISOString();

/** A clock tests move by hand; timers fire when their time comes. */
export function fakeClock(start: number) {
  let now = start;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => void (timers = timers.filter((t) => t.id !== id)),
  };
  return {
    clock,
    /** Sets the time and runs the timers that are due. */
    async set(ms: number) {
      now = ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
      await Bun.sleep(0);
    },
    /** Fires every pending timer whatever its time (a timer firing early). */
    async fireAll() {
      const due = timers;
      timers = [];
      for (const t of due) t.fn();
      await Bun.sleep(0);
    },
    pending: () => timers.map((t) => iso(t.at)),
  };
}
