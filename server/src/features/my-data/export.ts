import { and, asc, eq, gt, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { mediaNames } from "../../lib/profile-media";
import {
  adminJournal,
  coinLedger,
  dailyQuestDays,
  dailyQuests,
  personalTasks,
  questCounters,
  redeemCodeUses,
  redeemCodes,
  reminderDevices,
  reminderSettings,
  shopFavorites,
  ssoIdentities,
  taskMilestones,
  taskStates,
  tasks,
  userAchievements,
  userItems,
  wheelSpins,
} from "../../db/schema";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { isUserId } from "../../lib/ids";
import { toSessionUser } from "../../lib/user-present";
import type { ZipEntry } from "../../lib/zip";
import { allSessions } from "../../lib/sessions";
import { jsonDocument, withIsoTimes, type JsonField } from "./json-pieces";
import { readmeText } from "./readme";
import { handInDocument, placedHandInFiles, type PlacedFile } from "./hand-ins";
import { placedProposalFiles, proposalsPart, type PlacedProposalFile } from "./proposals";

/** Rows drawn a page at a time (by id): a long ledger or journal never sits whole in memory. */
const PAGE = 500;
async function* paged<R extends { id: number }, U>(page: (afterId: number) => Promise<R[]>, present: (row: R) => U): AsyncGenerator<U> {
  for (let after = 0; ; ) {
    const rows = await page(after);
    for (const row of rows) yield present(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A push endpoint cut to its service and a few characters: enough to recognise, useless to send with. */
export function truncateEndpoint(endpoint: string | null): string | null {
  if (!endpoint) return null;
  try {
    const url = new URL(endpoint);
    return `${url.origin}/…${url.pathname.slice(-6)}`;
  } catch {
    return "…";
  }
}

/** Files of a profile media folder (avatars, music), if any. */
async function mediaFiles(deps: AppDeps, kind: "avatars" | "music", userId: string): Promise<string[]> {
  return isUserId(userId) ? await mediaNames(deps.storage, kind, userId) : [];
}

/** The JSON documents of the export, by file name; each is computed only when the ZIP reaches it. */
function documents(deps: AppDeps, user: UserRow, handInFiles: PlacedFile[], proposalFiles: PlacedProposalFile[]) {
  const db = deps.db;
  const id = user.id;
  const docs: Record<string, () => Promise<Record<string, JsonField>>> = {
    "compte.json": async () => ({
      user: toSessionUser(user),
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      mustChangePassword: user.mustChangePassword,
      profilePending: user.profilePending,
      ent: (await db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, id))).map(({ userId: _, id: __, ...r }) =>
        withIsoTimes(r),
      ),
    }),
    "taches.json": async () => ({
      taskStates: {
        rows: async () =>
          (
            await db
              .select({
                taskId: taskStates.taskId,
                titre: tasks.titre,
                matiere: tasks.matiere,
                date: tasks.date,
                checked: taskStates.checked,
                archived: taskStates.archived,
                hidden: taskStates.hidden,
                updatedAt: taskStates.updatedAt,
              })
              .from(taskStates)
              .innerJoin(tasks, eq(tasks.id, taskStates.taskId))
              .where(eq(taskStates.userId, id))
              .orderBy(asc(tasks.deadlineAt))
          ).map(withIsoTimes),
      },
      personalTasks: {
        rows: async () =>
          (await db.select().from(personalTasks).where(eq(personalTasks.ownerId, id)).orderBy(asc(personalTasks.deadlineAt))).map(
            ({ ownerId: _, deadlineAt: __, ...r }) => r,
          ),
      },
      ...(await proposalsPart(db, user, proposalFiles)),
    }),
    "rendus.json": async () => handInDocument(deps, id, handInFiles),
    "pieces.json": async () => ({
      coins: user.coins,
      leaderboardCoins: user.leaderboardCoins,
      factionCoins: user.factionCoins,
      ledger: {
        rows: () =>
          paged(
            (after) =>
              db
                .select()
                .from(coinLedger)
                .where(and(eq(coinLedger.userId, id), gt(coinLedger.id, after)))
                .orderBy(asc(coinLedger.id))
                .limit(PAGE),
            ({ userId: _, ...r }) => withIsoTimes(r),
          ),
      },
      wheelSpins: (await db.select().from(wheelSpins).where(eq(wheelSpins.userId, id))).map(({ userId: _, ...r }) => withIsoTimes(r)),
      taskMilestones: (await db.select().from(taskMilestones).where(eq(taskMilestones.userId, id))).map(({ userId: _, ...r }) =>
        withIsoTimes(r),
      ),
      quests: {
        daily: (
          await db.select().from(dailyQuests).where(eq(dailyQuests.userId, id)).orderBy(asc(dailyQuests.parisDay), asc(dailyQuests.slot))
        ).map(({ userId: _, ...r }) => withIsoTimes(r)),
        days: (await db.select().from(dailyQuestDays).where(eq(dailyQuestDays.userId, id)).orderBy(asc(dailyQuestDays.parisDay))).map(
          ({ userId: _, ...r }) => withIsoTimes(r),
        ),
        counters: (await db.select().from(questCounters).where(eq(questCounters.userId, id)).orderBy(asc(questCounters.counter))).map(
          ({ userId: _, ...r }) => r,
        ),
        achievements: (
          await db.select().from(userAchievements).where(eq(userAchievements.userId, id)).orderBy(asc(userAchievements.unlockedAt))
        ).map(({ userId: _, ...r }) => withIsoTimes(r)),
      },
    }),
    "objets.json": async () => ({
      items: (await db.select().from(userItems).where(eq(userItems.userId, id))).map(({ userId: _, ...r }) => withIsoTimes(r)),
      codesUsed: (
        await db
          .select({
            code: redeemCodes.code,
            rewardType: redeemCodes.rewardType,
            items: redeemCodes.items,
            colors: redeemCodes.colors,
            usedAt: redeemCodeUses.usedAt,
          })
          .from(redeemCodeUses)
          .innerJoin(redeemCodes, eq(redeemCodes.id, redeemCodeUses.codeId))
          .where(eq(redeemCodeUses.userId, id))
      ).map(withIsoTimes),
      favorites: (
        await db
          .select({ itemId: shopFavorites.itemId, createdAt: shopFavorites.createdAt })
          .from(shopFavorites)
          .where(eq(shopFavorites.userId, id))
          .orderBy(asc(shopFavorites.createdAt), asc(shopFavorites.itemId))
      ).map(withIsoTimes),
    }),
    "rappels.json": async () => {
      const settings = await first(db.select().from(reminderSettings).where(eq(reminderSettings.userId, id)));
      return {
        settings: settings
          ? withIsoTimes({
              prefs: JSON.parse(settings.prefs) as unknown,
              email: settings.email,
              emailConfirmedAt: settings.emailConfirmedAt,
              updatedAt: settings.updatedAt,
            })
          : null,
        devices: (await db.select().from(reminderDevices).where(eq(reminderDevices.userId, id))).map((d) =>
          withIsoTimes({ id: d.id, kind: d.kind, label: d.label, endpoint: truncateEndpoint(d.endpoint), createdAt: d.createdAt }),
        ),
      };
    },
    "appareils.json": async () => ({
      sessions: (await allSessions(deps, id)).map(({ userId: _, ...r }) => withIsoTimes(r)),
    }),
    "journal.json": async () => ({
      entries: {
        rows: () =>
          paged(
            (after) =>
              db
                .select()
                .from(adminJournal)
                .where(and(or(eq(adminJournal.targetUserId, id), eq(adminJournal.adminId, id)), gt(adminJournal.id, after)))
                .orderBy(asc(adminJournal.id))
                .limit(PAGE),
            withIsoTimes,
          ),
      },
    }),
  };
  return docs;
}

/** A document's pieces: its fields read when the ZIP reaches it, then written piece by piece. */
async function* jsonPieces(fields: () => Promise<Record<string, JsonField>>): AsyncGenerator<string> {
  yield* jsonDocument(await fields());
}

/**
 * Every entry of the user's export ZIP, in order: the notice, the JSON documents, the hand-ins
 * and returned copies, the files of proposals waiting for review, the profile media.
 */
export async function exportEntries(deps: AppDeps, user: UserRow): Promise<ZipEntry[]> {
  const mtime = deps.now();
  const handInFiles = await placedHandInFiles(deps, user.id);
  const proposalFiles = await placedProposalFiles(deps.db, user.id);
  const docs = documents(deps, user, handInFiles, proposalFiles);
  return [
    { name: "LISEZMOI.txt", mtime, pieces: () => [readmeText(user, mtime)] },
    ...Object.entries(docs).map(([name, fields]) => ({ name: `donnees/${name}`, mtime, pieces: () => jsonPieces(fields) })),
    ...[...handInFiles, ...proposalFiles].map((f) => ({ name: f.path, storage: deps.storage, key: f.key, mtime: f.file.createdAt })),
    ...(await mediaFiles(deps, "avatars", user.id)).map((name) => ({
      name: `profil/avatar/${name}`,
      storage: deps.storage,
      key: `avatars/${user.id}/${name}`,
    })),
    ...(await mediaFiles(deps, "music", user.id)).map((name) => ({
      name: `profil/musique/${name}`,
      storage: deps.storage,
      key: `music/${user.id}/${name}`,
    })),
  ];
}
