// Test support for the economy tests (imported by *.test.ts only).
import { DAILY_SHOP_ITEM_POOL } from "@planify/common/constants/catalogue";
import type { Role } from "@planify/common/constants/roles";
import type { TestContext } from "../../../test/helpers";
import { users } from "../../db/schema";
import { newId } from "../../lib/ids";
import { hashSecret } from "../../lib/password-work";
import { applyLedger } from "../../lib/ledger";
import { parisDate } from "@planify/common/time/paris-time";
import { signSessionToken } from "../auth/tokens";
import { ensureDailyShop } from "./daily-shop";

let hash: Promise<string> | null = null;

/** Inserts `count` users directly (one shared precomputed hash) and signs their tokens. */
export async function fastUsers(ctx: TestContext, count: number, role: Role = "eleve", prefix = "u") {
  hash ??= hashSecret("motdepasse-123", { algorithm: "argon2id", memoryCost: 4096, timeCost: 1 });
  const passwordHash = await hash;
  const now = new Date(ctx.deps.now()).toISOString();
  const out: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${prefix}${i}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await ctx.deps.db
      .insert(users)
      .values({
        id: newId(),
        username,
        usernameKey: username,
        passwordHash,
        role,
        year: "BUT1",
        groupe: "A",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { token } = await signSessionToken(ctx.deps, row!, true);
    out.push({ id: row!.id, token });
  }
  return out;
}

/** Credits coins through the ledger (as a test fixture would). */
export function credit(ctx: TestContext, userId: string, coins: number) {
  return ctx.deps.db.transaction(async (tx) => await applyLedger(tx, { userId, coins, reason: "test", at: ctx.deps.now() }));
}

/** Today's stored shop. */
export function todayShop(ctx: TestContext) {
  const now = ctx.deps.now();
  return ctx.deps.db.transaction(async (tx) => await ensureDailyShop(tx, parisDate(now), now));
}

/** A priced catalogue item that is not in today's shop. */
export async function itemNotInShop(ctx: TestContext): Promise<number> {
  const shop = await todayShop(ctx);
  return DAILY_SHOP_ITEM_POOL.find((id) => !shop.itemIds.includes(id))!;
}

/** JSON of a response, typed loosely for assertions. */
export async function json(res: Response): Promise<Record<string, any>> {
  return (await res.json()) as Record<string, any>;
}
