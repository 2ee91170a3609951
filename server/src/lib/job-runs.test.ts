import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/helpers";
import { first } from "../db/engine";
import { jobRuns } from "../db/schema";
import { jobRunStore, KEEP_MS, MAX_ATTEMPTS } from "./job-runs";

let ctx: TestContext;
afterEach(() => ctx?.close());

const NOON = Date.parse("2026-11-23T11:00:00Z");
const DUE = Date.parse("2026-11-23T03:15:00Z");
const LEASE = 120_000;
const FIRST = { attempt: 1, takesOver: null };

function setup() {
  ctx = createTestApp();
  const store = jobRunStore(ctx.deps.db);
  const row = (name = "privacy", dueAt = DUE) =>
    first(
      ctx.deps.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.name, name), eq(jobRuns.dueAt, dueAt))),
    );
  return { store, row };
}

describe("claims of timed jobs (job_runs)", () => {
  it("one node gets a due time: a second claim of it is refused, another due time or job is free", async () => {
    const { store, row } = setup();
    expect(await store.claim("privacy", DUE, "node-a", LEASE, NOON)).toEqual(FIRST);
    expect(await store.claim("privacy", DUE, "node-b", LEASE, NOON + 1)).toBeNull();
    expect(await store.claim("privacy", DUE, "node-a", LEASE, NOON + 2)).toBeNull();
    expect(await store.claim("privacy", DUE + 86_400_000, "node-b", LEASE, NOON)).toEqual(FIRST);
    expect(await store.claim("sessions-purge", DUE, "node-b", LEASE, NOON)).toEqual(FIRST);
    expect(await row()).toMatchObject({ status: "running", owner: "node-a", attempts: 1, startedAt: NOON, leaseUntil: NOON + LEASE });
    // Done: nobody runs it again, even once its lease is long over.
    expect(await store.finish("privacy", DUE, "node-a", null, NOON + 10)).toBe(true);
    expect(await row()).toMatchObject({ status: "done", finishedAt: NOON + 10, error: null });
    expect(await store.claim("privacy", DUE, "node-b", LEASE, NOON + 10 * LEASE)).toBeNull();
    // Only the next day's, which node-b claimed and then stopped renewing, is left to take over.
    expect(await store.retryable(["privacy"], NOON + 10 * LEASE)).toEqual([
      { name: "privacy", dueAt: DUE + 86_400_000, status: "running", attempts: 1 },
    ]);
  });

  it("many nodes claiming the same due time at once, or taking it over: exactly one gets it", async () => {
    const { store } = setup();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => store.claim("privacy", DUE, `node-${i}`, LEASE, NOON)));
    expect(answers.filter((a) => a?.attempt === 1)).toHaveLength(1);
    expect(answers.filter((a) => a === null)).toHaveLength(11);
    // And so does the takeover of a run whose lease is over.
    const later = NOON + LEASE + 1;
    const takeovers = await Promise.all(Array.from({ length: 12 }, (_, i) => store.claim("privacy", DUE, `node-${i}`, LEASE, later)));
    expect(takeovers.filter((a) => a !== null)).toEqual([{ attempt: 2, takesOver: "running" }]);
  });

  it("a run whose owner stopped renewing is taken over once its lease is over; the first owner can then neither renew nor finish it", async () => {
    const { store, row } = setup();
    expect(await store.claim("privacy", DUE, "node-a", LEASE, NOON)).toEqual(FIRST);
    expect(await store.renew("privacy", DUE, "node-a", LEASE, NOON + 40_000)).toBe(true);
    // Held until NOON + 160 s by that renewal.
    expect(await store.retryable(["privacy"], NOON + LEASE + 1)).toEqual([]);
    expect(await store.claim("privacy", DUE, "node-b", LEASE, NOON + LEASE + 1)).toBeNull();
    const later = NOON + 40_000 + LEASE + 1;
    expect(await store.retryable(["privacy", "sessions-purge"], later)).toEqual([
      { name: "privacy", dueAt: DUE, status: "running", attempts: 1 },
    ]);
    expect(await store.claim("privacy", DUE, "node-b", LEASE, later)).toEqual({ attempt: 2, takesOver: "running" });
    expect(await row()).toMatchObject({ status: "running", owner: "node-b", attempts: 2, startedAt: later, leaseUntil: later + LEASE });
    expect(await store.renew("privacy", DUE, "node-a", LEASE, later + 1)).toBe(false);
    expect(await store.finish("privacy", DUE, "node-a", "trop tard", later + 2)).toBe(false);
    expect(await row()).toMatchObject({ status: "running", owner: "node-b", leaseUntil: later + LEASE });
    expect(await store.finish("privacy", DUE, "node-b", null, later + 3)).toBe(true);
    expect(await row()).toMatchObject({ status: "done", owner: "node-b", finishedAt: later + 3 });
  });

  it("renewal belongs to the owner: refused to another node and once the run is finished", async () => {
    const { store, row } = setup();
    await store.claim("privacy", DUE, "node-a", LEASE, NOON);
    expect(await store.renew("privacy", DUE, "node-b", LEASE, NOON + 1000)).toBe(false);
    expect(await row()).toMatchObject({ owner: "node-a", leaseUntil: NOON + LEASE });
    expect(await store.renew("privacy", DUE + 1, "node-a", LEASE, NOON + 1000)).toBe(false);
    await store.finish("privacy", DUE, "node-a", null, NOON + 2000);
    expect(await store.renew("privacy", DUE, "node-a", LEASE, NOON + 3000)).toBe(false);
  });

  it(`a failed run is tried again by any node, ${MAX_ATTEMPTS} attempts in all; a run cut short as often is left too`, async () => {
    const { store, row } = setup();
    let now = NOON;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await store.claim("privacy", DUE, `node-${attempt}`, LEASE, now)).toEqual({
        attempt,
        takesOver: attempt === 1 ? null : "failed",
      });
      expect(await store.finish("privacy", DUE, `node-${attempt}`, `panne n° ${attempt}`, now + 10)).toBe(true);
      now += 60_000;
      const retryable = await store.retryable(["privacy"], now);
      expect(retryable).toEqual(attempt < MAX_ATTEMPTS ? [{ name: "privacy", dueAt: DUE, status: "failed", attempts: attempt }] : []);
    }
    expect(await store.claim("privacy", DUE, "node-x", LEASE, now)).toBeNull();
    expect(await row()).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, error: `panne n° ${MAX_ATTEMPTS}` });

    // A job that kills its node each time: after the last attempt's lease, nobody starts it again.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await store.claim("sessions-purge", DUE, `node-${attempt}`, LEASE, now)).toEqual({
        attempt,
        takesOver: attempt === 1 ? null : "running",
      });
      now += LEASE + 1;
    }
    expect(await store.retryable(["sessions-purge"], now)).toEqual([]);
    expect(await store.claim("sessions-purge", DUE, "node-x", LEASE, now)).toBeNull();
  });

  it("keeps an error's first 500 characters", async () => {
    const { store, row } = setup();
    await store.claim("privacy", DUE, "node-a", LEASE, NOON);
    await store.finish("privacy", DUE, "node-a", `${"é".repeat(499)}🙂 et la suite`, NOON + 1);
    expect((await row())?.error).toBe(`${"é".repeat(499)}🙂`);
  });

  it("prunes finished rows due over 30 days ago at each end, and keeps a run still held", async () => {
    const { store, row } = setup();
    const old = NOON - KEEP_MS - 1;
    await store.claim("privacy", old, "node-a", LEASE, old + 1000);
    await store.finish("privacy", old, "node-a", null, old + 2000);
    await store.claim("sessions-purge", old, "node-a", LEASE, old + 1000);
    await store.finish("sessions-purge", old, "node-a", "panne", old + 2000);
    // Still held now (a lease that long is a test's, not the scheduler's).
    await store.claim("nightly-backup", old, "node-a", 2 * KEEP_MS, old);
    const recent = NOON - KEEP_MS + 60_000;
    await store.claim("privacy", recent, "node-a", LEASE, recent);
    await store.finish("privacy", recent, "node-a", null, recent + 1);
    expect(await store.claim("privacy", DUE, "node-a", LEASE, NOON)).toEqual(FIRST);
    expect(await store.finish("privacy", DUE, "node-a", null, NOON + 1)).toBe(true);
    expect(await row("privacy", old)).toBeUndefined();
    expect(await row("sessions-purge", old)).toBeUndefined();
    expect(await row("nightly-backup", old)).toMatchObject({ status: "running" });
    expect(await row("privacy", recent)).toMatchObject({ status: "done" });
    expect(await store.prune(NOON + 1)).toBe(0);
  });
});
