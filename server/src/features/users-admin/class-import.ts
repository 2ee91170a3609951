import { checkRow, type ClassListRow } from "@planify/common/constants/class-import";
import type { ImportCommitBody, ImportPreviewBody } from "@planify/common/schemas/class-import";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { first } from "../../db/engine";
import { AppError } from "../../lib/errors";
import { newId, randomFromAlphabet } from "../../lib/ids";
import { hashEach } from "../../lib/password-work";
import { recordAdminAction } from "../../lib/journal";
import { usernameKey } from "../../lib/text";
import { normalisePassword, spaceFreeKey } from "../auth";
import type { UserRow } from "../../db/types";
import { grantAccountRewards } from "../users";

/** Unambiguous letters and digits (no I, O, l, 0, 1) for handed-out first passwords. */
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
const PASSWORD_LENGTH = 12;

/** A first password from a cryptographic draw. */
export const firstPassword = (): string => randomFromAlphabet(PASSWORD_ALPHABET, PASSWORD_LENGTH);

/**
 * Handed-out passwords are random (12 of 57 symbols, about 70 bits) and replaced at the first
 * login, so they are hashed with OWASP's minimum argon2id settings (19 MiB, 2 passes) rather
 * than the heavier defaults: a school's 1,500 accounts import in well under two minutes.
 */
const FIRST_PASSWORD_HASH = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

const loginKey = (username: string) => usernameKey(username).replace(/ /g, "");

/** Every row's problems: its own, a username met twice in the list, or one the school already uses. */
async function problemsOf(deps: AppDeps, rows: ClassListRow[]) {
  const taken = new Set((await deps.db.select({ k: spaceFreeKey }).from(users)).map((r) => r.k));
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const checked = checkRow(row);
    const errors = checked.ok ? [] : [...checked.errors];
    const username = (row.username ?? "").trim();
    if (username) {
      const key = loginKey(username);
      const first = seen.get(key);
      if (first !== undefined) errors.push(`Identifiant en double dans le fichier (ligne ${first + 1} de la liste).`);
      else seen.set(key, index);
      if (taken.has(key)) errors.push("Identifiant déjà utilisé dans l'établissement.");
    }
    return { index, username, errors, checked };
  });
}

/** POST /users-admin/import/preview: the French problems of each row; nothing written. */
export async function previewImport(deps: AppDeps, body: ImportPreviewBody) {
  const all = await problemsOf(deps, body.rows);
  const problems = all.filter((r) => r.errors.length > 0).map(({ index, username, errors }) => ({ index, username, errors }));
  return { success: true as const, valid: all.length - problems.length, problems };
}

/**
 * POST /users-admin/import/commit: one chunk, checked again, created in one transaction
 * (all or nothing), each account with a first password it must replace at its first login.
 * Hashing is most of the time of an import: it runs on every slot of the hash limiter, a
 * few at a time, so logins arriving meanwhile wait behind a few hashes, not the whole chunk.
 */
export async function commitImport(deps: AppDeps, actor: UserRow, body: ImportCommitBody) {
  const checked = await problemsOf(deps, body.rows);
  const bad = checked.filter((r) => r.errors.length > 0);
  if (bad.length) {
    throw new AppError(
      "VALIDATION",
      `Import refusé : ${bad.length} ligne(s) en erreur (${bad[0]!.username || `ligne ${bad[0]!.index + 1}`} : ${bad[0]!.errors[0]}).`,
    );
  }
  const passwords = checked.map(() => firstPassword());
  const hashes = await hashEach(passwords.map(normalisePassword), FIRST_PASSWORD_HASH);
  const now = deps.now();
  const stamp = new Date(now).toISOString();
  const created = await deps.db.transaction(async (tx) => {
    const out: { username: string; password: string }[] = [];
    for (const [i, r] of checked.entries()) {
      if (!r.checked.ok) continue;
      const c = r.checked;
      const row = (await first(
        tx
          .insert(users)
          .values({
            id: newId(),
            username: c.username,
            usernameKey: usernameKey(c.username),
            passwordHash: hashes[i]!,
            role: c.role,
            firstName: c.firstName,
            lastName: c.lastName,
            year: c.year,
            groupe: c.groupe,
            specialite: c.specialite,
            leaderboardEnabled: c.role !== "prof",
            mustChangePassword: true,
            createdAt: stamp,
            updatedAt: stamp,
          })
          .returning(),
      ))!;
      await grantAccountRewards(tx, row, now);
      out.push({ username: c.username, password: passwords[i]! });
    }
    await recordAdminAction(tx, actor, {
      action: "user.import",
      summary: `${out.length} compte(s) importé(s) : ${out
        .slice(0, 3)
        .map((o) => o.username)
        .join(", ")}${out.length > 3 ? "…" : ""}`,
      details: { count: out.length, usernames: out.map((o) => o.username) },
      at: now,
    });
    return out;
  });
  return { success: true as const, message: `${created.length} compte(s) créé(s).`, created };
}
