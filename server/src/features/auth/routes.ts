import { Elysia } from "elysia";
import {
  ForgotQuestionsBody,
  ForgotResetBody,
  ForgotVerifyBody,
  FirstPasswordBody,
  LoginBody,
  SecretQuestionsBody,
} from "@planify/common/schemas/users";
import { RESET_GRANT_TTL_MS } from "@planify/common/constants/limits";
import { ForgotQuestionsResponse, ForgotVerifyResponse, LoginResponse } from "@planify/common/schemas/users";
import { OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { clientIp } from "../../plugins/context";
import { forbidden, notFound } from "../../lib/errors";
import { toSessionUser } from "../../lib/user-present";
import { chooseFirstPassword } from "./first-password";
import {
  findUserByUsername,
  checkLogin,
  hasSecretQuestions,
  recoveryQuestions,
  resetPassword,
  setSecretQuestions,
  verifyAnswers,
} from "./service";
import { bearerToken, sessionIdOf, signSessionToken } from "./tokens";
import { extendSession, openSession, sessionOpen, type SessionOrigin } from "../../lib/sessions";
import { newId } from "../../lib/ids";
import type { UserRow } from "../../db/types";
import { DEVICE_COOKIE, deviceCookieOptions, deviceCookieValue, readDevice } from "./device";
import { SESSION_COOKIE, setSessionCookie } from "./session-cookie";
import { journalWrite } from "../../lib/journal";
import { deWord } from "@planify/common/format/french";
import { assertPasswordRecoveryAllowed, assertPasswordSignInAllowed, isEntAccount } from "./ent-accounts";

const RESET_COOKIE = "planify_reset";

/** A sign-in: the request it came with and how (password or ENT), for « Mes appareils ». */
export interface SignIn extends Omit<SessionOrigin, "userAgent"> {
  request: Request;
}

/**
 * The session a new token belongs to: the caller's own when the request already carries an
 * open session of this user (choosing a first password, the ENT's code exchange after its
 * callback set the cookie: one sign-in, one row), else a new one.
 */
async function sessionFor(deps: AppDeps, user: UserRow, signIn: SignIn, cookie: Parameters<typeof setSessionCookie>[1]) {
  const held = bearerToken(signIn.request.headers.get("authorization")) ?? (cookie[SESSION_COOKIE]?.value as string | undefined);
  const sid = await sessionIdOf(deps, held);
  if (sid && (await sessionOpen(deps, sid, user.id))) return { sid, fresh: false };
  return { sid: newId(), fresh: true };
}

/** The answer of a login (and of choosing a first password): a fresh session for `user`. */
export async function sessionAnswer(
  deps: AppDeps,
  user: UserRow,
  rememberMe: boolean,
  cookie: Parameters<typeof setSessionCookie>[1],
  signIn?: SignIn,
): Promise<LoginResponse> {
  const session = signIn ? await sessionFor(deps, user, signIn, cookie) : null;
  const { token, expiresAt } = await signSessionToken(deps, user, rememberMe, session?.sid);
  if (session && signIn) {
    const until = Date.parse(expiresAt);
    if (session.fresh) {
      const { request, ip, method } = signIn;
      await openSession(deps, session.sid, user.id, { userAgent: request.headers.get("user-agent"), ip, method }, until);
    } else await extendSession(deps, session.sid, until);
  }
  setSessionCookie(deps, cookie, token, expiresAt);
  const ent = await isEntAccount(deps, user.id);
  const sessionUser = { ...toSessionUser(user), ent, profilePending: user.profilePending };
  return {
    success: true,
    message: "Connexion réussie",
    ...sessionUser,
    user: sessionUser,
    token,
    expiresAt,
    hasSecretQuestions: await hasSecretQuestions(deps, user.id),
    // An account of the ENT never chooses a Planify password.
    mustChangePassword: user.mustChangePassword && !ent,
  };
}

/** Login, secret questions and password recovery. */
export const authRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(deps))
    .post(
      "/login",
      async ({ body, request, server, cookie }): Promise<LoginResponse> => {
        const device = await readDevice(deps, cookie[DEVICE_COOKIE]?.value);
        const user = await checkLogin(deps, body.username, body.password, clientIp(deps, request, server), device);
        // Checked once the password is right: the refusal tells nobody which accounts are admins.
        await assertPasswordSignInAllowed(deps, user);
        // This browser is now a known device for the account.
        cookie[DEVICE_COOKIE]!.set({ value: await deviceCookieValue(deps, device, user.id), ...deviceCookieOptions(deps) });
        const ip = clientIp(deps, request, server);
        return sessionAnswer(deps, user, body.rememberMe !== false, cookie, { request, ip, method: "password" });
      },
      { body: LoginBody, response: replies({ 200: LoginResponse }) },
    )
    .post(
      "/me/password",
      async ({ body, user, cookie, request, server }) => {
        const updated = await chooseFirstPassword(deps, user, body.newPassword);
        const ip = clientIp(deps, request, server);
        return sessionAnswer(deps, updated, body.rememberMe !== false, cookie, { request, ip, method: "password" });
      },
      { auth: true, body: FirstPasswordBody, response: replies({ 200: LoginResponse }) },
    )
    .post(
      "/secret-questions",
      async ({ body, user }) => {
        // Own account by default; an admin may set another user's questions by username.
        const target = body.username ? await findUserByUsername(deps, body.username) : user;
        if (target?.id !== user.id && user.role !== "admin") {
          throw forbidden("Vous ne pouvez modifier que vos propres questions.");
        }
        if (!target) throw notFound("Utilisateur introuvable.");
        await assertPasswordRecoveryAllowed(deps, target);
        await setSecretQuestions(deps, target.id, body.secretQuestions, async (tx) => {
          if (target.id === user.id) return;
          await journalWrite(
            { db: tx, now: deps.now },
            user,
            "user.questions",
            `Questions secrètes ${deWord(target.username)} redéfinies`,
            {
              target,
              details: { questions: body.secretQuestions.map((q) => q.question.trim()).filter(Boolean) },
            },
          );
        });
        return { success: true as const, message: "Questions secrètes enregistrées." };
      },
      { auth: true, body: SecretQuestionsBody, response: replies({ 200: OkMessage }) },
    )
    .post(
      "/forgot-password/questions",
      async ({ body, request, server, cookie }) => {
        const device = await readDevice(deps, cookie[DEVICE_COOKIE]?.value);
        const questions = await recoveryQuestions(deps, body.username, clientIp(deps, request, server), device);
        return { success: true as const, questions: questions.map((question) => ({ question })) };
      },
      { body: ForgotQuestionsBody, response: replies({ 200: ForgotQuestionsResponse }) },
    )
    .post(
      "/forgot-password/verify",
      async ({ body, request, server, cookie }) => {
        const device = await readDevice(deps, cookie[DEVICE_COOKIE]?.value);
        const resetToken = await verifyAnswers(deps, body.username, body.answers, clientIp(deps, request, server), device);
        cookie[RESET_COOKIE]!.set({
          value: resetToken,
          httpOnly: true,
          sameSite: "strict",
          path: "/api/users/forgot-password",
          maxAge: RESET_GRANT_TTL_MS / 1000,
          secure: deps.settings.publicUrl?.startsWith("https://") ?? false,
        });
        return { success: true as const, message: "Réponses vérifiées.", resetToken };
      },
      { body: ForgotVerifyBody, response: replies({ 200: ForgotVerifyResponse }) },
    )
    .post(
      "/forgot-password/reset",
      async ({ body, cookie }) => {
        const grant = body.resetToken || (cookie[RESET_COOKIE]?.value as string | undefined);
        await resetPassword(deps, body.username, body.newPassword, grant);
        cookie[RESET_COOKIE]?.remove();
        return { success: true as const, message: "Mot de passe réinitialisé." };
      },
      { body: ForgotResetBody, response: replies({ 200: OkMessage }) },
    );
