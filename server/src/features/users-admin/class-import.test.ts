import { first } from "../../db/engine";
import { describe, expect, it, onTestFinished } from "vitest";
import { count } from "drizzle-orm";
import { IMPORT_CHUNK } from "@planify/common/constants/class-import";
import { users } from "../../db/schema";
import { appPerFile, createTestApp, everyActor, scenarioTests, type Actor } from "../../../test/helpers";
import { configureHashLimit } from "../../lib/password-work";
import { json } from "../coins/test-kit";

const ADMIN_ONLY: Record<Actor, number> = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const env = appPerFile();
const row = {
  username: "nouvel.eleve",
  firstName: "Nina",
  lastName: "Roy",
  role: "Étudiant",
  year: "BUT 1",
  groupe: "a'",
  specialite: "Développement Web",
};

describe("class import: every role", () => {
  scenarioTests(
    [
      ...everyActor({ method: "POST", url: "/api/users-admin/import/preview", body: { rows: [row] } }, ADMIN_ONLY, "a preview", {
        200: { valid: 1, problems: [] },
      }),
      ...everyActor(
        { method: "POST", url: "/api/users-admin/import/commit", body: { rows: [row] } },
        { ...ADMIN_ONLY, admin: 201 },
        "a commit",
        {
          201: (j) =>
            expect((j as { created: { username: string; password: string }[] }).created[0]).toMatchObject({
              username: "nouvel.eleve",
              password: expect.stringMatching(/^[A-Za-z2-9]{12}$/),
            }),
        },
      ),
      // A second commit of the same row is refused as a whole: the username is taken now.
      {
        name: "the same row again",
        method: "POST",
        url: "/api/users-admin/import/commit",
        as: "admin",
        body: { rows: [row] },
        status: 400,
        expect: (j) => expect((j as { message: string }).message).toContain("Identifiant déjà utilisé dans l'établissement."),
      },
      ...everyActor(
        { method: "POST", url: "/api/users/me/password", body: { newPassword: "un-mot-de-passe" } },
        { guest: 401, eleve: 409, etudiant: 409, delegue: 409, prof: 409, admin: 409 },
        "choosing a first password without having to",
      ),
    ],
    () => env,
  );
});

/** A class list of `n` students, like a school's export. */
const classList = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    username: `etu${String(i).padStart(4, "0")}`,
    firstName: `Prénom${i}`,
    lastName: `Nom${i}`,
    role: i % 50 === 0 ? "délégué" : "étudiant",
    year: `BUT${(i % 3) + 1}`,
    groupe: ["A", "A'", "B", "B'"][i % 4]!,
    specialite: ["devweb", "Création numérique", ""][i % 3]!,
  }));

describe("importing a school's class list", () => {
  it("1,500 rows with 5 bad ones: the preview names them and writes nothing; fixed, all 1,500 import in chunks and must choose a password", async () => {
    // Correctness, not speed: two hash slots, as Bun's pool had before the limiter, keep this
    // test's 1,500 hashes within its time on a busy 2-core machine (a server keeps cores − 1);
    // CI runs two test files at once there, hence the long limit.
    configureHashLimit(2);
    onTestFinished(() => void configureHashLimit(null));
    const ctx = createTestApp();
    try {
      const admin = await ctx.user({ role: "admin", username: "direction" });
      await ctx.user({ role: "eleve", username: "deja.la", year: "BUT1" });
      const rows = classList(1500);
      rows[10] = { ...rows[10]!, username: "" };
      rows[200] = { ...rows[200]!, role: "stagiaire" };
      rows[700] = { ...rows[700]!, year: "BUT4" };
      rows[900] = { ...rows[900]!, username: "ETU0003" };
      rows[1400] = { ...rows[1400]!, username: "Deja.La" };
      const before = (await first(ctx.deps.db.select({ n: count() }).from(users)))!.n;
      const preview = await json(await ctx.request("POST", "/api/users-admin/import/preview", { token: admin.token, body: { rows } }));
      expect(preview.valid).toBe(1495);
      expect(preview.problems).toEqual([
        { index: 10, username: "", errors: ["Identifiant manquant."] },
        { index: 200, username: "etu0200", errors: ["Rôle inconnu : « stagiaire » (étudiant, délégué, professeur ou admin)."] },
        { index: 700, username: "etu0700", errors: ["Année inconnue : « BUT4 » (BUT1, BUT2 ou BUT3)."] },
        { index: 900, username: "ETU0003", errors: ["Identifiant en double dans le fichier (ligne 4 de la liste)."] },
        { index: 1400, username: "Deja.La", errors: ["Identifiant déjà utilisé dans l'établissement."] },
      ]);
      expect((await first(ctx.deps.db.select({ n: count() }).from(users)))!.n).toBe(before);

      const fixed = classList(1500);
      const sheet: { username: string; password: string }[] = [];
      for (let i = 0; i < fixed.length; i += IMPORT_CHUNK) {
        const res = await ctx.request("POST", "/api/users-admin/import/commit", {
          token: admin.token,
          body: { rows: fixed.slice(i, i + IMPORT_CHUNK) },
        });
        expect(res.status).toBe(201);
        sheet.push(...(await json(res)).created);
      }
      expect((await first(ctx.deps.db.select({ n: count() }).from(users)))!.n).toBe(before + 1500);
      expect(new Set(sheet.map((s) => s.password)).size).toBe(1500);

      // The first account logs in with its sheet password, is held until it chooses its own.
      const firstOfSheet = sheet[0]!;
      const login = await json(
        await ctx.request("POST", "/api/users/login", { body: { username: firstOfSheet.username, password: firstOfSheet.password } }),
      );
      expect(login).toMatchObject({
        mustChangePassword: true,
        hasSecretQuestions: false,
        user: { role: "delegue", year: "BUT1", groupe: "A", specialite: "devweb" },
      });
      const held = await ctx.request("GET", "/api/events", { token: login.token });
      expect([held.status, (await json(held)).code]).toEqual([403, "PASSWORD_CHANGE_REQUIRED"]);
      const same = await ctx.request("POST", "/api/users/me/password", {
        token: login.token,
        body: { newPassword: firstOfSheet.password },
      });
      expect([same.status, (await json(same)).message]).toEqual([
        400,
        "Choisissez un mot de passe différent de celui qui vous a été remis.",
      ]);
      const chosen = await json(
        await ctx.request("POST", "/api/users/me/password", { token: login.token, body: { newPassword: "mon-propre-secret" } }),
      );
      expect(chosen.mustChangePassword).toBe(false);
      expect((await ctx.request("GET", "/api/events", { token: chosen.token })).status).toBe(200);
      expect((await ctx.request("GET", "/api/events", { token: login.token })).status).toBe(401);
      expect(
        (await ctx.request("POST", "/api/users/login", { body: { username: firstOfSheet.username, password: firstOfSheet.password } }))
          .status,
      ).toBe(401);
    } finally {
      ctx.close();
    }
  }, 300_000);
});
