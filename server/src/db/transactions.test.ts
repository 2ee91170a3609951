import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client";
import { first } from "./engine";
import { factions } from "./schema";

// SQLite's one connection, with transactions that await: they run one at a time, and the
// statements of other requests wait for an open one instead of landing in it.
let handle: DatabaseHandle;
afterEach(() => handle.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function school() {
  handle = openDatabase(":memory:");
  const { db } = handle;
  const total = async () => (await first(db.select({ t: factions.totalCoins }).from(factions).where(eq(factions.name, "Bagnat"))))?.t;
  const setTotal = (value: number) => db.update(factions).set({ totalCoins: value }).where(eq(factions.name, "Bagnat"));
  return { db, total, setTotal };
}

describe("transactions on SQLite", () => {
  it("run one after the other, even when each awaits in the middle", async () => {
    const { db, total, setTotal } = school();
    await setTotal(0);
    // Two read-modify-write transactions that would lose an update if they interleaved.
    const add = (n: number) =>
      db.transaction(async (tx) => {
        const before = (await first(tx.select({ t: factions.totalCoins }).from(factions).where(eq(factions.name, "Bagnat"))))!.t;
        await sleep(5);
        await tx
          .update(factions)
          .set({ totalCoins: before + n })
          .where(eq(factions.name, "Bagnat"));
      });
    await Promise.all([add(10), add(20), add(30)]);
    expect(await total()).toBe(60);
  });

  it("a statement from elsewhere waits for the open transaction and survives its rollback", async () => {
    const { db, total, setTotal } = school();
    await setTotal(5);
    let outsideDone = false;
    const failing = db.transaction(async (tx) => {
      await tx.update(factions).set({ totalCoins: 999 }).where(eq(factions.name, "Bagnat"));
      await sleep(10);
      expect(outsideDone).toBe(false);
      throw new Error("refusé");
    });
    // Issued while the transaction is open: it must not land inside it.
    await sleep(2);
    const outside = db
      .update(factions)
      .set({ totalCoins: 7 })
      .where(eq(factions.name, "Fermier"))
      .then(() => {
        outsideDone = true;
      });
    await expect(failing).rejects.toThrow("refusé");
    await outside;
    expect(await total()).toBe(5);
    expect((await first(db.select({ t: factions.totalCoins }).from(factions).where(eq(factions.name, "Fermier"))))?.t).toBe(7);
  });

  it("a read from elsewhere never sees what an open transaction has not committed", async () => {
    const { db, total, setTotal } = school();
    await setTotal(1);
    const writing = db.transaction(async (tx) => {
      await tx.update(factions).set({ totalCoins: 2 }).where(eq(factions.name, "Bagnat"));
      await sleep(10);
      throw new Error("annulé");
    });
    await sleep(2);
    const seen = total();
    await expect(writing).rejects.toThrow("annulé");
    expect(await seen).toBe(1);
  });

  it("a nested transaction is a savepoint: its failure undoes only its own writes", async () => {
    const { db, total, setTotal } = school();
    await setTotal(0);
    await db.transaction(async (tx) => {
      await tx.update(factions).set({ totalCoins: 1 }).where(eq(factions.name, "Bagnat"));
      await expect(
        tx.transaction(async (inner) => {
          await inner.update(factions).set({ totalCoins: 2 }).where(eq(factions.name, "Bagnat"));
          throw new Error("intérieur");
        }),
      ).rejects.toThrow("intérieur");
    });
    expect(await total()).toBe(1);
  });

  it("inside a transaction, the database handle itself reads the transaction's writes (no deadlock)", async () => {
    const { db, total, setTotal } = school();
    await setTotal(0);
    const seen = await db.transaction(async (tx) => {
      await tx.update(factions).set({ totalCoins: 4 }).where(eq(factions.name, "Bagnat"));
      return total();
    });
    expect(seen).toBe(4);
  });
});
