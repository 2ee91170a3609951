import { asc, inArray } from "drizzle-orm";
import type { AdminUser, AdminUserSummary } from "@planify/common/schemas/admin";
import type { AppDeps } from "../../deps";
import { secretQuestions, ssoIdentities, userItems, users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { presentUserItem, type UserItemRow, nameLookup, type NameLookup } from "../items";
import { entProviderNames } from "../../lib/ent-providers";

export function toAdminSummary(u: Pick<UserRow, "id" | "username" | "role" | "year" | "groupe">): AdminUserSummary {
  return { id: u.id, _id: u.id, username: u.username, role: u.role, year: u.year, groupe: u.groupe };
}

/** The admin view of one account: never a hash or an answer. */
export function toAdminUser(
  u: UserRow,
  items: UserItemRow[],
  hasQuestions: boolean,
  name: NameLookup,
  ent: { providerId: string; label: string }[] = [],
): AdminUser {
  return {
    ...toAdminSummary(u),
    firstName: u.firstName,
    lastName: u.lastName,
    specialite: u.specialite,
    faction: u.faction,
    coins: u.coins,
    leaderboardCoins: u.leaderboardCoins,
    factionCoins: u.factionCoins,
    completedTasks: u.completedTasks,
    avatar: u.avatar,
    avatarVersion: u.avatarVersion,
    equippedItemId: u.equippedItemId,
    selectedBorderColor: u.selectedBorderColor,
    mustChangePassword: u.mustChangePassword,
    hasSecretQuestions: hasQuestions,
    erasureRequestedAt: u.erasureRequestedAt,
    ent,
    ...(u.deactivatedAt ? { deactivatedAt: u.deactivatedAt, eraseAfter: u.eraseAfter ?? undefined } : {}),
    createdAt: u.createdAt,
    purchasedItems: items.map((row) => presentUserItem(row, u.equippedItemId, name)),
  };
}

/** GET /users-admin: every account for pickers, by username. */
export async function listSummaries(deps: AppDeps): Promise<AdminUserSummary[]> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username, role: users.role, year: users.year, groupe: users.groupe })
    .from(users)
    .orderBy(asc(users.usernameKey));
  return rows.map(toAdminSummary);
}

/**
 * Full admin views of the given accounts (all when `ids` is absent), in three queries
 * whatever the school's size: users, their items, who has questions (plus one read of the
 * created catalogue's names when someone owns a created item or colour).
 */
export async function listAdminUsers(deps: AppDeps, ids?: string[]): Promise<AdminUser[]> {
  const rows = ids
    ? await deps.db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.usernameKey))
    : await deps.db.select().from(users).orderBy(asc(users.usernameKey));
  const itemRows = ids
    ? await deps.db.select().from(userItems).where(inArray(userItems.userId, ids))
    : await deps.db.select().from(userItems);
  const byUser = new Map<string, UserItemRow[]>();
  for (const item of itemRows.sort((a, b) => a.acquiredAt - b.acquiredAt || a.itemId - b.itemId)) {
    const list = byUser.get(item.userId) ?? [];
    list.push(item);
    byUser.set(item.userId, list);
  }
  const withQuestions = new Set(
    (await deps.db.selectDistinct({ userId: secretQuestions.userId }).from(secretQuestions)).map((r) => r.userId),
  );
  const name = await nameLookup(deps.db);
  const ent = await entIdentities(deps, ids);
  return rows.map((u) => toAdminUser(u, byUser.get(u.id) ?? [], withQuestions.has(u.id), name, ent.get(u.id)));
}

/**
 * The ENT identities tied to the given accounts (all when absent), with the provider's label
 * (its id when the provider has left the configuration, so the tie can still be undone).
 */
async function entIdentities(deps: AppDeps, ids?: string[]): Promise<Map<string, { providerId: string; label: string }[]>> {
  const query = deps.db.select({ userId: ssoIdentities.userId, providerId: ssoIdentities.providerId }).from(ssoIdentities);
  const rows = ids ? await query.where(inArray(ssoIdentities.userId, ids)) : await query;
  const labels = new Map((await entProviderNames(deps)).map((p) => [p.id, p.label]));
  const byUser = new Map<string, { providerId: string; label: string }[]>();
  for (const row of rows.sort((a, b) => a.providerId.localeCompare(b.providerId))) {
    byUser.set(row.userId, [
      ...(byUser.get(row.userId) ?? []),
      { providerId: row.providerId, label: labels.get(row.providerId) ?? row.providerId },
    ]);
  }
  return byUser;
}

/** One account's admin view. */
export async function adminUser(deps: AppDeps, id: string): Promise<AdminUser> {
  const [user] = await listAdminUsers(deps, [id]);
  if (!user) throw new Error(`user ${id} vanished`);
  return user;
}
