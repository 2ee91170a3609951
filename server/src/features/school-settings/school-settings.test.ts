import { describe, expect, it } from "vitest";
import { PASSWORD_SIGN_IN_NEEDS_ENT } from "@planify/common/constants/sign-in";
import { adminJournal, ssoProviders } from "../../db/schema";
import { appPerFile, everyActor, scenarioTests } from "../../../test/helpers";
import type { SsoProvider } from "../sso";

// The school's settings: who signs in with a password. Admins only; keeping it for admins is
// refused while no ENT provider is enabled; the login popup reads it from /auth/providers.

const ent: SsoProvider = {
  id: "lyon",
  kind: "oidc",
  label: "Connexion ENT Lyon",
  enabled: true,
  issuer: "http://127.0.0.1:9",
  clientId: "planify",
  clientSecret: null,
  scopes: ["openid"],
  usernameClaim: "preferred_username",
  roles: null,
  policy: "existing",
};
const admins = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const everyone = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };

describe("school settings without an ENT provider", () => {
  const env = appPerFile({ sso: { providers: [{ ...ent, enabled: false }] } });
  scenarioTests(
    [
      ...everyActor({ method: "GET", url: "/api/admin/school-settings" }, admins, "the default: everyone", {
        200: { success: true, settings: { passwordSignIn: "all" }, entEnabled: false },
      }),
      ...everyActor(
        { method: "PUT", url: "/api/admin/school-settings", body: { passwordSignIn: "admins" } },
        { ...admins, admin: 409 },
        "no ENT: refused",
        {
          409: { success: false, code: "ENT_NOT_CONFIGURED", message: PASSWORD_SIGN_IN_NEEDS_ENT },
        },
      ),
      ...everyActor({ method: "GET", url: "/api/auth/providers" }, everyone, "still everyone", {
        200: { success: true, providers: [], passwordSignIn: "all" },
      }),
    ],
    () => env,
  );
  it("the refusal wrote nothing", async () => {
    expect((await env.ctx.deps.db.select().from(adminJournal)).filter((e) => e.action === "school.password-sign-in")).toEqual([]);
  });
});

describe("school settings with an ENT provider", () => {
  const env = appPerFile({ sso: { providers: [ent] } });
  scenarioTests(
    [
      ...everyActor({ method: "PUT", url: "/api/admin/school-settings", body: { passwordSignIn: "admins" } }, admins, "admins only", {
        200: { success: true, settings: { passwordSignIn: "admins" }, entEnabled: true },
      }),
      ...everyActor({ method: "GET", url: "/api/auth/providers" }, everyone, "the popup learns it", {
        200: { success: true, providers: [{ id: "lyon", kind: "oidc", label: "Connexion ENT Lyon" }], passwordSignIn: "admins" },
      }),
      {
        name: "an unknown value",
        method: "PUT",
        url: "/api/admin/school-settings",
        as: "admin",
        body: { passwordSignIn: "personne" },
        status: 400,
      },
    ],
    () => env,
  );
  it("journals the change once, in French", async () => {
    const entries = (await env.ctx.deps.db.select().from(adminJournal)).filter((e) => e.action === "school.password-sign-in");
    expect(entries.map((e) => [e.adminUsername, e.summary])).toEqual([
      ["admin", "Connexion par mot de passe réservée aux admins (les autres passent par l'ENT)"],
    ]);
  });
});

describe("school settings with a provider of the admin screen « Connexion ENT » only", () => {
  const env = appPerFile({});
  it("lets the admins keep passwords once a stored provider is enabled, and not while it is disabled", async () => {
    const { id, kind, label, issuer, clientId } = ent;
    const store = async (enabled: boolean) => {
      const config = { id, kind, label, issuer, clientId, enabled };
      await env.ctx.deps.db
        .insert(ssoProviders)
        .values({ id, config, createdAt: 0, createdBy: "admin", updatedAt: 0, updatedBy: "admin" })
        .onConflictDoUpdate({ target: ssoProviders.id, set: { config } });
    };
    const put = () =>
      env.ctx.request("PUT", "/api/admin/school-settings", { token: env.actors.admin.token, body: { passwordSignIn: "admins" } });
    await store(false);
    expect((await put()).status).toBe(409);
    await store(true);
    const res = await put();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ settings: { passwordSignIn: "admins" }, entEnabled: true });
  });
});
