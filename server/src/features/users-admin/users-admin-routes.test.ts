import { beforeAll, describe, expect } from "vitest";
import { appPerFile, everyActor, scenarioTests, type Actor, type Scenario } from "../../../test/helpers";
import { fastUsers } from "../coins/test-kit";

const env = appPerFile();
const ADMIN_ONLY: Record<Actor, number> = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const victims: string[] = [];
beforeAll(async () => {
  victims.push(...(await fastUsers(env.ctx, 3, "eleve", "victim")).map((u) => u.id));
});
const victim = (i: number) => () => `/api/users/${victims[i]}`;

const rows: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/users-admin" }, ADMIN_ONLY, "the picker list of accounts", {
    200: (json) => expect((json as { users: { username: string; role: string }[] }).users.map((u) => u.username)).toContain("prof"),
  }),
  ...everyActor({ method: "GET", url: "/api/users/admin" }, ADMIN_ONLY, "the full admin list", {
    200: (json) => {
      const admin = (json as { users: Record<string, unknown>[] }).users.find((u) => u.username === "admin")!;
      expect(admin).toMatchObject({ role: "admin", mustChangePassword: false });
      expect(JSON.stringify(json)).not.toMatch(/argon2|passwordHash|answerHash/);
    },
  }),
  ...everyActor({ method: "PUT", url: victim(0), body: { coins: 40 } }, ADMIN_ONLY, "an edit", { 200: { user: { coins: 40 } } }),
  ...everyActor({ method: "DELETE", url: victim(1) }, ADMIN_ONLY, "a deletion"),
  ...everyActor({ method: "DELETE", url: () => `/api/users/${victims[2]}/items` }, ADMIN_ONLY, "remove every item"),
  ...everyActor(
    {
      method: "POST",
      url: "/api/users-admin",
      body: () => ({ action: "set-avatar-url", userId: victims[0], avatar: "https://exemple.fr/a.png" }),
    },
    ADMIN_ONLY,
    "an avatar by URL",
  ),
  ...everyActor(
    { method: "POST", url: "/api/users-admin/bulk-give", body: () => ({ userIds: [victims[0]], items: [1] }) },
    ADMIN_ONLY,
    "a bulk give",
  ),
  ...everyActor(
    { method: "POST", url: "/api/users-admin/bulk-remove", body: () => ({ userIds: [victims[0]], items: [1] }) },
    ADMIN_ONLY,
    "a bulk removal",
  ),
  ...everyActor(
    { method: "POST", url: "/api/users-admin/gift", body: () => ({ target: "users", userIds: [victims[0]], coins: 5 }) },
    ADMIN_ONLY,
    "a gift",
  ),
  ...everyActor({ method: "GET", url: "/api/users-admin/export" }, ADMIN_ONLY, "the CSV export", {
    200: (text, res) => {
      expect(res.headers.get("content-disposition")).toMatch(/attachment;.*planify-utilisateurs-\d{4}-\d{2}-\d{2}\.csv/);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // (the BOM is read away by text(); the export test checks the bytes)
      expect(String(text)).toMatch(/^Identifiant;Prénom;Nom;Rôle/);
    },
  }),
  ...everyActor({ method: "GET", url: "/api/admin-journal" }, ADMIN_ONLY, "the journal", {
    200: (json) => expect((json as { entries: { action: string }[] }).entries.map((e) => e.action)).toContain("user.delete"),
  }),
];

describe("admin user routes: every role", () => scenarioTests(rows, () => env));
