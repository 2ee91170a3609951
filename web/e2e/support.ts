import type { APIRequestContext, Page } from "@playwright/test";

/** The admin password the e2e server is started with (see playwright.config.ts). */
export const ADMIN_PASSWORD = "e2e-admin-password";
/** Password of every demo account. */
export const DEMO_PASSWORD = "planify-demo";

/** Logs in through the API and returns the login answer (token, user...). */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/users/login", { data: { username, password, rememberMe: true } });
  if (!res.ok()) throw new Error(`login ${username} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { id: string; username: string }; expiresAt: string; hasSecretQuestions: boolean };
}

/** Puts a session in the page's local storage (as "stay signed in" does), then opens `path`. */
export async function loginAs(page: Page, username: string, path = "/", password = DEMO_PASSWORD) {
  const login = await apiLogin(page.request, username, password);
  await page.goto("/favicon.svg");
  await page.evaluate((session) => {
    localStorage.setItem("planify.user", JSON.stringify(session));
  }, { user: login.user, token: login.token, expiresAt: login.expiresAt, hasSecretQuestions: login.hasSecretQuestions, rememberMe: true });
  await page.goto(path);
  return login;
}
