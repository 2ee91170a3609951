import { and, count, eq, ne } from "drizzle-orm";
import { ACCOUNT_FIELD_LABELS } from "@planify/common/constants/account-fields";
import { PLANIFY_ITEM_ID } from "@planify/common/constants/catalogue";
import { USERNAME_MAX_LENGTH } from "@planify/common/constants/limits";
import { normaliseRole, type Role } from "@planify/common/constants/roles";
import type { UpdateUserBody } from "@planify/common/schemas/admin";
import type { AppDeps } from "../../deps";
import { userItems, users } from "../../db/schema";
import { first } from "../../db/engine";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { setBalance, type Balances } from "../../lib/ledger";
import type { Tx, UserRow } from "../../db/types";
import { collapseSpaces, usernameKey } from "../../lib/text";
import { applyNewPassword, assertPasswordStrength, hashPassword, isEntAccount, setSecretQuestions, spaceFreeKey } from "../auth";
import { grantTarget, resolveTarget } from "../items";
import { getUser } from "../users";
import { adminUser } from "./present";
import { deWord } from "@planify/common/format/french";

export const QUESTIONS_REQUIRED = "Veuillez remplir les 3 questions et réponses.";
export const ENT_ACCOUNT_ADMIN_EDIT =
  "Ce compte se connecte avec l'ENT : il n'a ni mot de passe Planify ni questions secrètes. Déliez d'abord son identité ENT pour lui en donner.";
const BALANCES: (keyof Balances)[] = ["coins", "leaderboardCoins", "factionCoins"];
type Profile = Pick<UserRow, "username" | "role" | "groupe" | "year" | "specialite" | "firstName" | "lastName">;

/** Refuses to leave the school without an admin, or an admin without their own powers. */
export async function assertAdminStays(deps: AppDeps, actor: UserRow, target: UserRow, what: "demote" | "delete"): Promise<void> {
  if (target.role !== "admin") return;
  if (target.id === actor.id) {
    throw conflict(
      what === "delete"
        ? "Vous ne pouvez pas supprimer votre propre compte."
        : "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
    );
  }
  const others =
    (
      await first(
        deps.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, "admin"), ne(users.id, target.id))),
      )
    )?.n ?? 0;
  if (others === 0) throw conflict("Il doit toujours rester au moins un administrateur.");
}

/** The profile the body asks for, normalised like account creation (staff: Promo, no year). */
function nextProfile(current: UserRow, body: UpdateUserBody): Profile {
  const role: Role = body.role ? normaliseRole(body.role) : current.role;
  const staff = role === "prof" || role === "admin";
  const username = body.username === undefined ? current.username : collapseSpaces(body.username);
  if (!username) throw badRequest("Nom d'utilisateur requis.");
  if (username.length > USERNAME_MAX_LENGTH) throw badRequest(`Nom d'utilisateur trop long (${USERNAME_MAX_LENGTH} caractères au plus).`);
  const year = staff ? "" : (body.year ?? current.year);
  // Asked only when the edit touches the role or the year (a questions-only edit never fails on it).
  if (!staff && !year && (body.role !== undefined || body.year !== undefined)) throw badRequest("Veuillez sélectionner une année.");
  return {
    username,
    role,
    year,
    groupe: staff ? "Promo" : body.groupe || current.groupe || "Promo",
    specialite: staff ? "" : (body.specialite ?? current.specialite),
    firstName: body.firstName?.trim() ?? current.firstName,
    lastName: body.lastName?.trim() ?? current.lastName,
  };
}

/** Item 28 follows the admin role: granted with it, taken back (and unequipped) without it. */
async function syncRoleItem(tx: Tx, user: UserRow, role: Role, at: number): Promise<void> {
  if (role === user.role) return;
  if (role === "admin") {
    await grantTarget(tx, { userId: user.id, target: await resolveTarget(tx, PLANIFY_ITEM_ID), source: "reward", at });
  } else if (user.role === "admin") {
    await tx.delete(userItems).where(and(eq(userItems.userId, user.id), eq(userItems.itemId, PLANIFY_ITEM_ID)));
    if (user.equippedItemId === PLANIFY_ITEM_ID) await tx.update(users).set({ equippedItemId: null }).where(eq(users.id, user.id));
  }
}

/** PUT /users/{id}: fields, password, balances (through the ledger) or the secret questions. */
export async function updateUser(deps: AppDeps, actor: UserRow, id: string, body: UpdateUserBody) {
  const current = await getUser(deps, id);
  const at = deps.now();
  // Everything is checked before anything is written: a refused edit leaves the account as it was.
  const filled = body.secretQuestions?.filter((q) => q.question.trim() && q.answer.trim());
  if (filled && filled.length !== 3) throw badRequest(QUESTIONS_REQUIRED);
  const next = nextProfile(current, body);
  if (current.role === "admin" && next.role !== "admin") await assertAdminStays(deps, actor, current, "demote");
  const key = usernameKey(next.username);
  if (next.username !== current.username) {
    const taken = await first(
      deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(spaceFreeKey, key.replace(/ /g, "")), ne(users.id, id))),
    );
    if (taken) throw conflict("Ce nom d'utilisateur est déjà utilisé.");
  }
  const password = body.password?.trim() ? body.password : null;
  // An account tied to an ENT identity signs in at the ENT: no Planify password, no questions.
  if ((password || filled) && (await isEntAccount(deps, id))) throw new AppError("ENT_ACCOUNT", ENT_ACCOUNT_ADMIN_EDIT);
  if (password) assertPasswordStrength(password);
  const passwordHash = password ? await hashPassword(password) : null;
  if (filled) {
    await setSecretQuestions(deps, id, filled, (tx) =>
      recordAdminAction(tx, actor, {
        action: "user.questions",
        target: current,
        summary: `Questions secrètes ${deWord(current.username)} redéfinies`,
        details: { questions: filled.map((q) => q.question.trim()) },
        at,
      }),
    );
  }

  await deps.db.transaction(async (tx) => {
    const changed: Record<string, { before: unknown; after: unknown }> = {};
    for (const field of Object.keys(next) as (keyof Profile)[]) {
      if (next[field] !== current[field]) changed[field] = { before: current[field], after: next[field] };
    }
    if (Object.keys(changed).length > 0) {
      const roleChanged = next.role !== current.role;
      await tx
        .update(users)
        .set({
          ...next,
          usernameKey: key,
          // The role is re-read on every request: it takes effect at once without ending sessions.
          ...(roleChanged ? { leaderboardEnabled: next.role !== "prof" } : {}),
          updatedAt: new Date(at).toISOString(),
        })
        .where(eq(users.id, id));
      await syncRoleItem(tx, current, next.role, at);
    }
    for (const field of BALANCES) {
      const value = body[field];
      if (value === undefined || value === current[field]) continue;
      await setBalance(tx, { userId: id, field, value, reason: "admin-set", reference: `admin:${actor.id}`, at });
      changed[field] = { before: current[field], after: value };
    }
    if (passwordHash) {
      await applyNewPassword(tx, current, passwordHash, at);
      changed.password = { before: "•••", after: "nouveau" };
    }
    if (Object.keys(changed).length === 0) return;
    await recordAdminAction(tx, actor, {
      action: Object.keys(changed).every((f) => (BALANCES as string[]).includes(f)) ? "coins.set" : "user.update",
      target: { id, username: next.username },
      summary: `${next.username} modifié : ${Object.keys(changed)
        .map((f) => ACCOUNT_FIELD_LABELS[f] ?? f)
        .join(", ")}`,
      details: changed,
      at,
    });
  });
  return { success: true as const, message: "Utilisateur mis à jour.", user: await adminUser(deps, id) };
}
