import { eq } from "drizzle-orm";
import { accountValueLabel } from "@planify/common/constants/account-fields";
import type { AppDeps } from "../deps";
import { users } from "../db/schema";
import { first } from "../db/engine";
import type { DbOrTx } from "../db/types";
import { recordAdminAction } from "../lib/journal";
import { DEMO_ACCOUNTS } from "./accounts";
import { DEMO_CODES } from "./economy";
import { resolveTarget } from "../features/items/refs";

const HOUR = 3_600_000;

/**
 * The demo admin's journal: what setting up the demo school would have recorded (accounts,
 * codes, the welcome pop-up, a gift, a balance fix), dated over the last days so the
 * Journal section and its filters have something to show.
 */
export async function seedDemoJournal(deps: AppDeps): Promise<void> {
  const find = (db: DbOrTx, username: string) =>
    first(db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, username)));
  const admin = await find(deps.db, "claire.admin");
  if (!admin) return;
  const start = deps.now() - 6 * 24 * HOUR;
  await deps.db.transaction(async (tx) => {
    // The step restarts with each run of the callback (a transaction may run it again).
    let step = 0;
    const at = () => start + step++ * 3 * HOUR;
    for (const account of DEMO_ACCOUNTS) {
      const target = await find(tx, account.username);
      if (!target || target.id === admin.id) continue;
      await recordAdminAction(tx, admin, {
        action: "user.create",
        target,
        summary: `Compte ${target.username} créé (${accountValueLabel("role", account.role)})`,
        details: { role: account.role, year: account.year ?? "" },
        at: at(),
      });
    }
    await recordAdminAction(tx, admin, {
      action: "popup.send",
      summary: "Pop-up envoyé à tous",
      details: { text: "Bienvenue sur Planify !" },
      at: at(),
    });
    for (const code of DEMO_CODES) {
      await recordAdminAction(tx, admin, {
        action: "code.create",
        summary: `Code ${code.code} créé (${code.maxUses} utilisation(s))`,
        details: { code: code.code, rewardType: code.rewardType, maxUses: code.maxUses },
        at: at(),
      });
    }
    const lea = await find(tx, "lea.martin");
    if (lea) {
      const winter = await resolveTarget(tx, "winter");
      await recordAdminAction(tx, admin, {
        action: "items.give",
        target: lea,
        summary: `${winter.name} offert à lea.martin`,
        details: { itemId: winter.legacyId, adminMessage: "Merci pour ton rôle de déléguée !" },
        at: at(),
      });
    }
    const tom = await find(tx, "tom.lefebvre");
    if (tom) {
      await recordAdminAction(tx, admin, {
        action: "coins.set",
        target: tom,
        summary: "coins de tom.lefebvre : 0 → 300",
        details: { coins: { before: 0, after: 300 } },
        at: at(),
      });
    }
  });
}
