import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { redeemCodes, users } from "../db/schema";
import { first } from "../db/engine";
import { newId } from "../lib/ids";
import { applyLedger } from "../lib/ledger";
import { parisDate } from "@planify/common/time/paris-time";
import { ensureDailyShop } from "../features/coins/daily-shop";
import { saveEconomyState } from "../features/coins/economy-state";
import { grantTarget } from "../features/items/ownership";
import { resolveTarget } from "../features/items/refs";

interface DemoWallet {
  username: string;
  coins: number;
  items?: number[];
  colors?: string[];
  equip?: number;
  color?: string;
  lossStreak?: number;
}

const WALLETS: DemoWallet[] = [
  { username: "claire.admin", coins: 2000 },
  { username: "m.durand", coins: 400 },
  { username: "lea.martin", coins: 620, items: [10, 18], colors: ["winter"], equip: 10, color: "winter" },
  { username: "hugo.bernard", coins: 950, items: [23], colors: ["g210"], equip: 23, color: "g210" },
  { username: "emma.petit", coins: 1200, items: [1, 14], colors: ["gold"], equip: 1, color: "gold", lossStreak: 1 },
  { username: "lucas.moreau", coins: 450, items: [3] },
  { username: "chloe.roux", coins: 1800, items: [8, 16, 24], colors: ["sunset", "gradient-mint"], equip: 8, color: "sunset" },
  { username: "nathan.fournier", coins: 250 },
  { username: "ines.girard", coins: 780, items: [20], colors: ["dusk"], equip: 20 },
  { username: "tom.lefebvre", coins: 300 },
];

/** Reward codes of the demo school (documented in the README). */
export const DEMO_CODES = [
  { code: "RENTREE26", rewardType: "item" as const, items: [4], colors: [] as string[], maxUses: 100 },
  { code: "CADEAU25", rewardType: "border-color" as const, items: [] as number[], colors: ["ocean", "crystal"], maxUses: 50 },
  { code: "SUPER777", rewardType: "item" as const, items: [26], colors: [] as string[], maxUses: 3 },
];

/**
 * The demo school's economy: balances (through the ledger), a few owned and equipped items
 * and colours, today's daily shop, and three reward codes. Runs once, inside seedDemo.
 */
export async function seedDemoEconomy(deps: AppDeps, adminId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const wallet of WALLETS) {
      const user = await first(tx.select({ id: users.id }).from(users).where(eq(users.username, wallet.username)));
      if (!user) continue;
      await applyLedger(tx, {
        userId: user.id,
        coins: wallet.coins,
        leaderboardCoins: Math.round(wallet.coins / 2),
        reason: "demo",
        at: now,
      });
      for (const ref of [...(wallet.items ?? []), ...(wallet.colors ?? [])]) {
        await grantTarget(tx, { userId: user.id, target: await resolveTarget(tx, ref), source: "demo", at: now });
      }
      const patch: Partial<typeof users.$inferInsert> = {};
      if (wallet.equip !== undefined) patch.equippedItemId = wallet.equip;
      if (wallet.color) patch.selectedBorderColor = wallet.color;
      if (Object.keys(patch).length) await tx.update(users).set(patch).where(eq(users.id, user.id));
      if (wallet.lossStreak) await saveEconomyState(tx, user.id, { lossStreak: wallet.lossStreak });
    }
    for (const code of DEMO_CODES) {
      await tx
        .insert(redeemCodes)
        .values({ id: newId(), ...code, usedCount: 0, expiresAt: null, createdBy: adminId, createdAt: now })
        .onConflictDoNothing();
    }
    await ensureDailyShop(tx, parisDate(now), now);
  });
}
