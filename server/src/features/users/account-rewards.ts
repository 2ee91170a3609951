import { count } from "drizzle-orm";
import { PLANIFY_ITEM_ID, PRESTIGE_ITEM_ID } from "@planify/common/constants/catalogue";
import { PRESTIGE_FIRST_ACCOUNTS } from "@planify/common/constants/economy";
import { prestigeGrants } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { grantTarget, resolveTarget } from "../items";
import { first } from "../../db/engine";

/**
 * Reward items given with a new account, inside the transaction that creates it:
 * 27 Prestige to the first 10 student-side accounts ever created, 28 Planify to admins.
 * (Granted with the role at creation; taking 28 back on a role change is not done here.)
 */
export async function grantAccountRewards(tx: DbOrTx, user: Pick<UserRow, "id" | "role">, at: number): Promise<void> {
  if (user.role === "admin") {
    await grantTarget(tx, { userId: user.id, target: await resolveTarget(tx, PLANIFY_ITEM_ID), source: "reward", at });
    return;
  }
  if (user.role !== "eleve" && user.role !== "delegue") return;
  const granted = (await first(tx.select({ n: count() }).from(prestigeGrants)))?.n ?? 0;
  if (granted >= PRESTIGE_FIRST_ACCOUNTS) return;
  await tx.insert(prestigeGrants).values({ userId: user.id, grantedAt: at });
  await grantTarget(tx, { userId: user.id, target: await resolveTarget(tx, PRESTIGE_ITEM_ID), source: "reward", at });
}
