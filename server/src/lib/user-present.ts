import type { PublicUser, SessionUser } from "@planify/common/schemas/users";
import type { UserRow } from "../db/types";

/** The public view of a user: never a hash, an answer or a token. */
export function toPublicUser(u: UserRow): PublicUser {
  const displayName = [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;
  return {
    id: u.id,
    _id: u.id,
    username: u.username,
    role: u.role,
    displayName,
    firstName: u.firstName,
    lastName: u.lastName,
    prenom: u.firstName,
    nom: u.lastName,
    year: u.year,
    groupe: u.groupe,
    specialite: u.specialite,
    track: u.specialite,
    faction: u.faction,
    avatar: u.avatar,
    avatarVersion: u.avatarVersion,
    avatarUpdatedAt: u.avatarUpdatedAt,
    avatarCrop: u.avatarCrop ?? null,
    publicNote: u.publicNote,
    musicSrc: u.musicSrc,
    musicTitle: u.musicTitle,
    musicStartSeconds: u.musicStartSeconds,
    musicDurationSeconds: u.musicDurationSeconds,
    equippedItemId: u.equippedItemId,
    selectedBorderColor: u.selectedBorderColor,
    coins: u.coins,
    leaderboardCoins: u.leaderboardCoins,
    factionCoins: u.factionCoins,
    completedTasks: u.completedTasks,
    leaderboardEnabled: u.leaderboardEnabled,
  };
}

/** The user as their own session sees it. */
export function toSessionUser(u: UserRow): SessionUser {
  return {
    ...toPublicUser(u),
    theme: u.theme,
    darkBrightness: u.darkBrightness,
    darkContrast: u.darkContrast,
    dynamicItemVariants: u.dynamicItemVariants ?? {},
    isAdmin: u.role === "admin",
    ...(u.deactivatedAt ? { deactivatedAt: u.deactivatedAt, eraseAfter: u.eraseAfter ?? undefined } : {}),
  };
}
