import { useMutation, useQuery } from "@tanstack/react-query";
import { answerOf, apiClientWith } from "../../../lib/api/client";

/** POST /users/login, without the authorisation header. */
export function login(username: string, password: string, rememberMe: boolean) {
  return answerOf(apiClientWith({ anonymous: true }).POST("/api/users/login", { body: { username, password, rememberMe } }));
}

/** Recovery step 1: the question texts of an account. */
export async function fetchRecoveryQuestions(username: string): Promise<string[]> {
  const res = await answerOf(apiClientWith({ anonymous: true }).POST("/api/users/forgot-password/questions", { body: { username } }));
  return res.questions.map((q) => q.question);
}

/** Recovery step 2: checks the answers; the answer carries the single-use reset grant. */
export async function verifyRecoveryAnswers(username: string, answers: string[]): Promise<string> {
  const res = await answerOf(apiClientWith({ anonymous: true }).POST("/api/users/forgot-password/verify", { body: { username, answers } }));
  return res.resetToken;
}

/** Recovery step 3: sets the new password with the grant (also sent as an HttpOnly cookie). */
export function resetPassword(username: string, newPassword: string, resetToken: string) {
  return answerOf(
    apiClientWith({ anonymous: true }).POST("/api/users/forgot-password/reset", { body: { username, newPassword, resetToken } }),
  );
}

/** Saves the secret questions with the token of a login that is not saved yet. */
export function saveSecretQuestions(token: string, username: string, secretQuestions: { question: string; answer: string }[]) {
  return answerOf(apiClientWith({ token }).POST("/api/users/secret-questions", { body: { username, secretQuestions } }));
}

/** The recovery steps and the secret questions setup: no cached query depends on them. */
export function useRecoveryQuestionsMutation() {
  return useMutation({ mutationFn: fetchRecoveryQuestions });
}

export function useVerifyAnswersMutation() {
  return useMutation({
    mutationFn: ({ username, answers }: { username: string; answers: string[] }) => verifyRecoveryAnswers(username, answers),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: ({ username, newPassword, resetToken }: { username: string; newPassword: string; resetToken: string }) =>
      resetPassword(username, newPassword, resetToken),
  });
}

export function useSaveSecretQuestionsMutation() {
  return useMutation({
    mutationFn: ({ token, username, rows }: { token: string; username: string; rows: { question: string; answer: string }[] }) =>
      saveSecretQuestions(token, username, rows),
  });
}

/** An imported account chooses its own password, with the token of its login (not saved yet). */
export function chooseFirstPassword(token: string, newPassword: string, rememberMe: boolean) {
  return answerOf(apiClientWith({ token }).POST("/api/users/me/password", { body: { newPassword, rememberMe } }));
}

/** GET /auth/providers: the ENT providers the login popup offers, and who may use a password. */
export function fetchSignInOptions() {
  return answerOf(apiClientWith({ anonymous: true, background: true }).GET("/api/auth/providers"));
}

type SignInOptions = Awaited<ReturnType<typeof fetchSignInOptions>>;

/** The login popup's one query of its sign-in options: asked when it opens, kept a minute. */
function useSignInOptions<T>(select: (options: SignInOptions) => T) {
  return useQuery({ queryKey: ["auth", "providers"], queryFn: fetchSignInOptions, staleTime: 60_000, retry: false, select });
}

/** The ENT providers (none, or not known yet: the popup shows the password form only). */
export const useSsoProviders = () => useSignInOptions((o) => o.providers);

/** Who may sign in with a password ("all" while unknown or unreachable). */
export const usePasswordSignIn = () => useSignInOptions((o) => o.passwordSignIn).data ?? "all";

/** The one-time code of an ENT sign-in (URL fragment) → the same answer as a password login. */
export function exchangeSsoCode(code: string) {
  return answerOf(apiClientWith({ anonymous: true }).POST("/api/auth/sso/exchange", { body: { code } }));
}
