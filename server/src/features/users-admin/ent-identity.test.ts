import { describe, expect } from "vitest";
import { ssoIdentities, users } from "../../db/schema";
import { appPerFile, everyActor, scenarioTests, type Actors } from "../../../test/helpers";
import { eq } from "drizzle-orm";

// The role matrix of the ENT account routes: the admin's « Délier l'identité ENT » and the
// student's first-sign-in form.

const env = appPerFile();
const admins = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const tieEleve = async (a: Actors) => {
  await env.ctx.deps.db
    .insert(ssoIdentities)
    .values({ providerId: "lyon", subject: `s-${a.eleve.id}`, userId: a.eleve.id, createdAt: 0 })
    .onConflictDoNothing();
  return `/api/users-admin/${a.eleve.id}/sso-identity/lyon`;
};
const form = { year: "BUT1", groupe: "A", specialite: "" };

describe("ENT account routes, every role", () => {
  scenarioTests(
    [
      {
        name: "the list shows the tie, with the provider's id when it left the configuration",
        method: "GET",
        url: async (a) => {
          await tieEleve(a);
          return "/api/users/admin";
        },
        as: "admin",
        status: 200,
        expect: (json) => {
          const list = (json as { users: { username: string; ent?: unknown }[] }).users;
          expect(list.find((u) => u.username === "eleve")?.ent).toEqual([{ providerId: "lyon", label: "lyon" }]);
          expect(list.find((u) => u.username === "prof")?.ent).toEqual([]);
        },
      },
      ...everyActor({ method: "DELETE", url: tieEleve }, admins, "admins only", {
        200: { success: true, message: "Identité ENT déliée.", user: { username: "eleve", ent: [] } },
      }),
      {
        name: "nothing left to untie",
        method: "DELETE",
        url: (a) => `/api/users-admin/${a.eleve.id}/sso-identity/lyon`,
        as: "admin",
        status: 404,
        expect: { code: "NOT_FOUND", message: "Ce compte n'est lié à aucune identité de ce fournisseur ENT." },
      },
      {
        name: "not a user id",
        method: "DELETE",
        url: "/api/users-admin/pas-un-id/sso-identity/lyon",
        as: "admin",
        status: 404,
      },
      ...everyActor(
        { method: "PUT", url: "/api/users/me/first-sign-in", body: form },
        { guest: 401, eleve: 409, etudiant: 409, delegue: 409, prof: 403, admin: 403 },
        "students only, and only while their profile is pending",
        {
          409: { code: "PROFILE_ALREADY_SET" },
          403: { code: "FORBIDDEN", message: "Seuls les étudiants choisissent leur année et leur groupe." },
        },
      ),
      {
        name: "a pending student saves their profile",
        method: "PUT",
        url: "/api/users/me/first-sign-in",
        as: "etudiant",
        body: async (a: Actors) => {
          await env.ctx.deps.db.update(users).set({ profilePending: true, year: "" }).where(eq(users.id, a.etudiant.id));
          return { year: "BUT3", groupe: 'B"' };
        },
        status: 200,
        expect: {
          success: true,
          message: "Profil enregistré.",
          user: { year: "BUT3", groupe: 'B"', specialite: "", profilePending: false },
        },
      },
      {
        name: "an ENT account gets no new password from the admin edit (ENT_ACCOUNT), and its hash stays",
        method: "PUT",
        url: async (a: Actors) => {
          await tieEleve(a);
          return `/api/users/${a.eleve.id}`;
        },
        as: "admin",
        body: { password: "UnNouveauMotDePasse-42" },
        status: 403,
        expect: { code: "ENT_ACCOUNT", message: expect.stringContaining("se connecte avec l'ENT") },
      },
      {
        name: "nor secret questions (ENT_ACCOUNT)",
        method: "PUT",
        url: async (a: Actors) => {
          await tieEleve(a);
          return `/api/users/${a.eleve.id}`;
        },
        as: "admin",
        body: {
          secretQuestions: [
            { question: "Ville ?", answer: "Lyon" },
            { question: "Animal ?", answer: "Chat" },
            { question: "Couleur ?", answer: "Bleu" },
          ],
        },
        status: 403,
        expect: { code: "ENT_ACCOUNT" },
      },
      {
        name: "an ENT account's other fields are still edited",
        method: "PUT",
        url: async (a: Actors) => {
          await tieEleve(a);
          return `/api/users/${a.eleve.id}`;
        },
        as: "admin",
        body: { groupe: "B" },
        status: 200,
      },
      {
        name: "a group outside the list",
        method: "PUT",
        url: "/api/users/me/first-sign-in",
        as: "eleve",
        body: { year: "BUT1", groupe: "Z" },
        status: 400,
      },
    ],
    () => env,
  );
});
