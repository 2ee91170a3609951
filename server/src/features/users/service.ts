import { eq } from "drizzle-orm";
import { normaliseRole, type Role, type RoleInput } from "@planify/common/constants/roles";
import { USERNAME_MAX_LENGTH } from "@planify/common/constants/limits";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { collapseSpaces, usernameKey } from "../../lib/text";
import { assertPasswordStrength, spaceFreeKey, hashPassword, cachedUser } from "../auth";
import type { Tx, UserRow } from "../../db/types";
import { grantAccountRewards } from "./account-rewards";
import { first } from "../../db/engine";

export interface NewUser {
  username: string;
  password: string;
  role: RoleInput;
  groupe?: string;
  year?: string;
  specialite?: string;
  firstName?: string;
  lastName?: string;
}

/** Creates an account. Professors and admins belong to the whole promo with no year. */
export async function createUser(deps: AppDeps, input: NewUser): Promise<UserRow> {
  const username = collapseSpaces(input.username);
  if (!username) throw badRequest("Nom d'utilisateur requis.");
  if (username.length > USERNAME_MAX_LENGTH) throw badRequest(`Nom d'utilisateur trop long (${USERNAME_MAX_LENGTH} caractères au plus).`);
  assertPasswordStrength(input.password);
  const role: Role = normaliseRole(input.role);
  const staff = role === "prof" || role === "admin";
  if (!staff && !input.year) throw badRequest("Veuillez sélectionner une année.");
  const key = usernameKey(username);
  // "jean dupont" and "jeandupont" would be the same login once the popup strips spaces.
  if (
    await first(
      deps.db
        .select({ id: users.id })
        .from(users)
        .where(eq(spaceFreeKey, key.replace(/ /g, ""))),
    )
  ) {
    throw conflict("Ce nom d'utilisateur est déjà utilisé.");
  }
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction((tx) => insertAccount(tx, deps.now(), { ...input, username, role }, passwordHash));
}

/**
 * Writes a checked account and its reward items inside the caller's transaction (createUser,
 * and the ENT sign-in's accounts created at first sign-in). `username` is already collapsed.
 */
export async function insertAccount(
  tx: Tx,
  nowMs: number,
  input: Omit<NewUser, "password" | "role"> & { role: Role },
  passwordHash: string,
): Promise<UserRow> {
  const staff = input.role === "prof" || input.role === "admin";
  const now = new Date(nowMs).toISOString();
  const inserted = tx
    .insert(users)
    .values({
      id: newId(),
      username: input.username,
      usernameKey: usernameKey(input.username),
      passwordHash,
      role: input.role,
      firstName: input.firstName?.trim() ?? "",
      lastName: input.lastName?.trim() ?? "",
      groupe: staff ? "Promo" : input.groupe || "Promo",
      year: staff ? "" : (input.year ?? ""),
      specialite: staff ? "" : (input.specialite ?? ""),
      leaderboardEnabled: input.role !== "prof",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const row = (await first(inserted))!;
  // Reward items come with the account, in the same transaction (coins/account-rewards).
  await grantAccountRewards(tx, row, nowMs);
  return row;
}

export async function getUser(deps: AppDeps, id: string): Promise<UserRow> {
  const user = await cachedUser(deps, id);
  if (!user) throw notFound("Utilisateur introuvable.");
  return user;
}
