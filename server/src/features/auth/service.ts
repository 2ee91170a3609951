import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, RESET_GRANT_TTL_MS } from "@planify/common/constants/limits";
import type { AppDeps } from "../../deps";
import { resetGrants, secretQuestions, users } from "../../db/schema";
import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/ids";
import { hashSecret, verifySecret } from "../../lib/password-work";
import { normaliseAnswer, usernameKey } from "../../lib/text";
import type { KnownDevice } from "./device";
import {
  TOO_MANY_LOGINS,
  TOO_MANY_QUESTIONS,
  TOO_MANY_VERIFY,
  forgetAccountAttempts,
  logLoginFailure,
  loginLimits,
  questionsLimits,
  verifyLimits,
} from "./guard";
import { forgetAttempts, takeAttempts } from "../../lib/throttle";
import { first } from "../../db/engine";
import type { Tx, UserRow } from "../../db/types";
import { assertPasswordRecoveryAllowed } from "./ent-accounts";

export { PASSWORD_TOO_SHORT };
const LOGIN_FAILED = "Nom d'utilisateur ou mot de passe incorrect";
const UNKNOWN_USER = "Identifiant inconnu";
const WRONG_ANSWERS = "Réponses incorrectes";
const NO_QUESTIONS = "Aucune question secrète n'est définie pour ce compte. Contactez l'administration.";

/** argon2id: slow and memory-hard, so a stolen database resists offline guessing (through the hash limiter). */
export { hashSecret };

/**
 * Passwords lose every whitespace character, on every set and every check: the login form
 * strips whitespace, so a password stored with spaces could never be typed.
 */
export const normalisePassword = (password: string) => password.replace(/\s+/g, "");

/** The argon2id hash of a (normalised) password. */
export const hashPassword = (password: string) => hashSecret(normalisePassword(password));

/** Login throttling key of a username: whatever case or spacing the client sends. */
export const loginThrottleKey = (username: string) => username.replace(/\s+/g, "").toLowerCase();

// Verified against when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | null = null;
/** The dummy hash; a refusal (busy server) is not kept, so a later login computes it. */
function dummyHashOnce(): Promise<string> {
  return hashSecret("planify-dummy-password").catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
}

/**
 * The account a typed username names. The login popup strips every space while
 * admins may create "Jean Dupont", so a space-free match is accepted too; account creation
 * keeps space-free forms unique, so it can only name one account.
 */
export async function findUserByUsername(deps: Pick<AppDeps, "db">, username: string): Promise<UserRow | undefined> {
  const key = usernameKey(username);
  return (
    (await first(deps.db.select().from(users).where(eq(users.usernameKey, key)))) ??
    (await first(
      deps.db
        .select()
        .from(users)
        .where(eq(spaceFreeKey, key.replace(/ /g, ""))),
    ))
  );
}

/** SQL of the username key without its spaces. */
export const spaceFreeKey = sql<string>`replace(${users.usernameKey}, ' ', '')`;

export function assertPasswordStrength(password: string): void {
  if (normalisePassword(password).length < PASSWORD_MIN_LENGTH) throw badRequest(PASSWORD_TOO_SHORT);
}

/**
 * Checks credentials, throttled so guessing is slow without locking the owner out: per known
 * device when `device` names this account, otherwise per username, per (username, address) and per address.
 * Returns the user or throws; every failure is logged with the address.
 */
export async function checkLogin(
  deps: AppDeps,
  rawUsername: string,
  rawPassword: string,
  ip: string,
  device: KnownDevice | null = null,
): Promise<UserRow> {
  const username = rawUsername.replace(/\s+/g, "");
  const password = normalisePassword(rawPassword);
  if (!username || !password) throw badRequest("Nom d'utilisateur et mot de passe requis.");
  const user = await findUserByUsername(deps, rawUsername);
  const limits = loginLimits(deps, loginThrottleKey(username), ip, device, user?.id);
  // Check and record in one transaction, before the slow hash check: a burst of parallel
  // guesses cannot all slip under the limit. A success withdraws its records (failures only count).
  let recorded: number[];
  try {
    recorded = await takeAttempts(deps, limits, TOO_MANY_LOGINS);
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") logLoginFailure(deps, ip, username, "limite");
    throw error;
  }
  let ok: boolean;
  try {
    ok = user
      ? await verifySecret(password, user.passwordHash)
      : (await verifySecret(password, await (dummyHash ??= dummyHashOnce())), false);
  } catch (error) {
    // A busy server checked nothing: the attempt does not count against the account.
    await forgetAttempts(deps, recorded);
    throw error;
  }
  if (!user || !ok) {
    logLoginFailure(deps, ip, username, "identifiants");
    throw unauthorized(LOGIN_FAILED);
  }
  await forgetAttempts(deps, recorded);
  return user;
}

export async function hasSecretQuestions(deps: AppDeps, userId: string): Promise<boolean> {
  return !!(await first(deps.db.select({ p: secretQuestions.position }).from(secretQuestions).where(eq(secretQuestions.userId, userId))));
}

/** Validates 1–3 distinct, non-empty question/answer pairs and stores hashes. */
export async function setSecretQuestions(
  deps: AppDeps,
  userId: string,
  input: { question: string; answer: string }[],
  /** Runs inside the write's transaction (an admin's journal entry lands exactly with the write). */
  alsoInTx?: (tx: Tx) => Promise<void> | void,
) {
  const rows = input.map((q) => ({ question: q.question.trim(), answer: q.answer })).filter((q) => q.question || q.answer.trim());
  if (rows.length === 0) throw badRequest("Veuillez remplir au moins une question et sa réponse.");
  for (const r of rows) {
    if (!r.question) throw badRequest("Chaque réponse doit avoir sa question.");
    if (!normaliseAnswer(r.answer)) throw badRequest("Chaque question choisie doit avoir une réponse.");
  }
  if (new Set(rows.map((r) => r.question.toLowerCase())).size !== rows.length) {
    throw badRequest("Chaque question doit être unique.");
  }
  const hashed = await Promise.all(
    rows.map(async (r, position) => ({ userId, position, question: r.question, answerHash: await hashSecret(normaliseAnswer(r.answer)) })),
  );
  await deps.db.transaction(async (tx) => {
    await tx.delete(secretQuestions).where(eq(secretQuestions.userId, userId));
    await tx.insert(secretQuestions).values(hashed);
    await alsoInTx?.(tx);
  });
}

export async function listQuestions(deps: AppDeps, userId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ question: secretQuestions.question })
    .from(secretQuestions)
    .where(eq(secretQuestions.userId, userId))
    .orderBy(asc(secretQuestions.position));
  return rows.map((r) => r.question);
}

/** Recovery step 1: the question texts of a user, or a clear refusal; limited per address. */
export async function recoveryQuestions(deps: AppDeps, username: string, ip: string, device: KnownDevice | null = null): Promise<string[]> {
  const user = await findUserByUsername(deps, username);
  const limits = questionsLimits(ip, device, user?.id);
  await takeAttempts(deps, limits, TOO_MANY_QUESTIONS);
  if (!user) throw notFound(UNKNOWN_USER);
  await assertPasswordRecoveryAllowed(deps, user);
  const questions = await listQuestions(deps, user.id);
  if (questions.length === 0) {
    throw badRequest(NO_QUESTIONS);
  }
  return questions;
}

/**
 * Recovery step 2: checks every answer; on success hands out a single-use 15-minute grant.
 * Limited per (account, address) with a per-account ceiling; the account's known device
 * has its own budget, so a stranger cannot use up the owner's recovery.
 */
export async function verifyAnswers(
  deps: AppDeps,
  username: string,
  answers: string[],
  ip: string,
  device: KnownDevice | null = null,
): Promise<string> {
  const user = await findUserByUsername(deps, username);
  if (!user) throw notFound(UNKNOWN_USER);
  await assertPasswordRecoveryAllowed(deps, user);
  const stored = await deps.db
    .select()
    .from(secretQuestions)
    .where(eq(secretQuestions.userId, user.id))
    .orderBy(asc(secretQuestions.position));
  if (stored.length === 0) throw badRequest(NO_QUESTIONS);
  // Counted before the slow checks, so parallel guesses cannot pass the limit.
  const limits = verifyLimits(user.id, ip, device);
  await takeAttempts(deps, limits, TOO_MANY_VERIFY);
  // Check every answer (no early exit) so timing does not tell which one was wrong.
  const results = await Promise.all(stored.map((q, i) => verifySecret(normaliseAnswer(answers[i] ?? ""), q.answerHash)));
  if (answers.length !== stored.length || results.includes(false)) throw badRequest(WRONG_ANSWERS);
  const token = randomToken();
  await deps.db.insert(resetGrants).values({ tokenHash: sha256(token), userId: user.id, expiresAt: deps.now() + RESET_GRANT_TTL_MS });
  return token;
}

/**
 * Recovery step 3: sets the new password if the grant is valid, unused and for this user.
 * Success revokes every grant of the user and every session (token version bump).
 */
export async function resetPassword(deps: AppDeps, username: string, newPassword: string, grant: string | undefined) {
  const refused = new AppError("FORBIDDEN", "Vérification des réponses requise ou expirée. Recommencez.");
  if (!grant) throw refused;
  const user = await findUserByUsername(deps, username);
  if (!user) throw refused;
  await assertPasswordRecoveryAllowed(deps, user);
  assertPasswordStrength(newPassword);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const claimed = await first(
      tx
        .update(resetGrants)
        .set({ usedAt: deps.now() })
        .where(and(eq(resetGrants.tokenHash, sha256(grant)), eq(resetGrants.userId, user.id), isNull(resetGrants.usedAt)))
        .returning(),
    );
    if (!claimed || claimed.expiresAt < deps.now()) throw refused;
    await applyNewPassword(tx, user, passwordHash, deps.now());
  });
}

/**
 * Gives an account its new password (already hashed): every session ends (token version),
 * every reset grant goes, and its throttling counters are forgotten. Recovery and the
 * `reset-password` command both end here.
 */
export async function applyNewPassword(tx: Tx, user: Pick<UserRow, "id" | "username">, passwordHash: string, now: number): Promise<void> {
  await tx.delete(resetGrants).where(eq(resetGrants.userId, user.id));
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(now).toISOString() })
    .where(eq(users.id, user.id));
  await forgetAccountAttempts(tx, loginThrottleKey(user.username), user.id);
}
