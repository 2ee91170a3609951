import { inArray } from "drizzle-orm";
import type { GlobalGiftBody } from "@planify/common/schemas/admin";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { applyLedger } from "../../lib/ledger";
import { escapeHtml } from "../../lib/mailer";
import { queueUserPopups } from "../../lib/user-popups";
import type { UserRow } from "../../db/types";
import { emptySummary, giveToAll, NO_ITEM_TO_GIVE, NO_RECIPIENT, recipientsOf, type Recipient } from "./bulk";

const fr = (n: number) => n.toLocaleString("fr-FR");

/** The pop-up telling a recipient about coins: the amount moved for them and the admin's message. */
function coinsPopup(moved: number, message: string | undefined): string {
  const line =
    moved >= 0
      ? `<p><strong>🎁 Tu reçois ${fr(moved)} Planify Coins de l'équipe Planify !</strong></p>`
      : `<p><strong>L'équipe Planify a retiré ${fr(-moved)} Planify Coins de ton portefeuille.</strong></p>`;
  return message?.trim() ? `${line}<p>${escapeHtml(message.trim())}</p>` : line;
}

/**
 * POST /users-admin/gift: items, colours and coins to everyone or to chosen users, in one
 * transaction. Coins go through the ledger; a positive gift counts as earned this season
 * (wallet and leaderboard), a negative one takes from the wallet only and stops at 0.
 * Recipients of coins get a pop-up with the amount and the message (items already carry
 * the message in the received-item pop-up).
 */
export async function globalGift(deps: AppDeps, actor: UserRow, body: GlobalGiftBody) {
  const refs = body.items ?? [];
  const colors = body.colors ?? [];
  const coins = body.coins ?? 0;
  if (refs.length + colors.length === 0 && coins === 0) throw badRequest(NO_ITEM_TO_GIVE.replace(".", ", ou un montant de coins."));
  if (body.target === "users" && !body.userIds?.length) throw badRequest(NO_RECIPIENT);
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const people: Recipient[] =
      body.target === "all"
        ? await tx
            .select({
              id: users.id,
              username: users.username,
              equippedItemId: users.equippedItemId,
              selectedBorderColor: users.selectedBorderColor,
            })
            .from(users)
        : await recipientsOf(tx, body.userIds ?? []);
    if (people.length === 0) throw badRequest(NO_RECIPIENT);
    const summary = emptySummary();
    if (refs.length + colors.length > 0) await giveToAll(tx, people, refs, colors, body.adminMessage, at, summary);
    let moved = 0;
    const popups: { userId: string; html: string }[] = [];
    if (coins !== 0) {
      const rows = await tx
        .select({ id: users.id, coins: users.coins })
        .from(users)
        .where(
          inArray(
            users.id,
            people.map((p) => p.id),
          ),
        );
      const wallets = new Map(rows.map((w) => [w.id, w.coins]));
      for (const person of people) {
        const delta = coins > 0 ? coins : -Math.min(wallets.get(person.id) ?? 0, -coins);
        if (delta === 0) continue;
        await applyLedger(tx, {
          userId: person.id,
          coins: delta,
          leaderboardCoins: Math.max(delta, 0),
          reason: "admin-gift",
          reference: `admin:${actor.id}`,
          at,
        });
        moved += delta;
        popups.push({ userId: person.id, html: coinsPopup(delta, body.adminMessage) });
      }
      await queueUserPopups(tx, popups, actor.id, at);
    }
    const what = [refs.length + colors.length > 0 ? `${summary.done} item(s) donné(s)` : "", coins !== 0 ? `${fr(moved)} coins` : ""]
      .filter(Boolean)
      .join(" et ");
    const message = `Cadeau envoyé à ${people.length} utilisateur(s) : ${what}.`;
    await recordAdminAction(tx, actor, {
      action: "gift.global",
      target: people.length === 1 ? people[0] : null,
      summary: message,
      details: {
        target: body.target,
        users: people.length,
        items: refs,
        colors,
        coinsAsked: coins,
        coinsMoved: moved,
        adminMessage: body.adminMessage ?? null,
        ...summary,
      },
      at,
    });
    return { success: true as const, message, recipients: people.length, summary, coinsMoved: moved };
  });
}
