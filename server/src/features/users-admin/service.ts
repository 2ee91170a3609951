import { eq } from "drizzle-orm";
import { DEFAULT_BORDER_COLOR_ID, parseColorSelection } from "@planify/common/constants/border-colors";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { setBalance, type Balances } from "../../lib/ledger";
import { grantTarget } from "../items/ownership";
import { resolveTarget } from "../items/refs";
import { getUser } from "../users/service";

/** An admin sets a balance to a value; the ledger records the difference (reason admin-set). */
export function setUserBalance(deps: AppDeps, adminId: string, userId: string, field: keyof Balances, value: number) {
  getUser(deps, userId);
  const balances = deps.db.transaction((tx) =>
    setBalance(tx, { userId, field, value, reason: "admin-set", reference: `admin:${adminId}`, at: deps.now() }),
  );
  return { success: true as const, message: "Solde mis à jour.", userId, ...balances };
}

/** Gives a border colour (unseen gift with the message, when not owned yet) and selects it. */
export function setUserBorderColor(deps: AppDeps, userId: string, colorRef: string, adminMessage: string | undefined) {
  const user = getUser(deps, userId);
  // The free default is no item: setting it back needs no grant.
  if (parseColorSelection(colorRef)?.colorId === DEFAULT_BORDER_COLOR_ID) {
    deps.db.update(users).set({ selectedBorderColor: DEFAULT_BORDER_COLOR_ID, updatedAt: new Date(deps.now()).toISOString() }).where(eq(users.id, userId)).run();
    return { success: true as const, message: `Couleur par défaut rétablie pour ${user.username}.` };
  }
  const target = resolveTarget(parseColorSelection(colorRef)?.colorId ?? colorRef);
  if (target.kind !== "color") throw badRequest("Couleur inconnue.");
  deps.db.transaction((tx) => {
    if (target.price > 0) grantTarget(tx, { userId, target, source: "gift", at: deps.now(), adminMessage, unseenGift: true });
    tx.update(users).set({ selectedBorderColor: target.color.id, updatedAt: new Date(deps.now()).toISOString() }).where(eq(users.id, userId)).run();
  });
  return { success: true as const, message: `Couleur ${target.name} attribuée à ${user.username}.` };
}
