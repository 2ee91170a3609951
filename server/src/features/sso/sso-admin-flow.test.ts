import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_ACTION_LABELS } from "@planify/common/schemas/admin";
import { adminJournal } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { REFUSAL_JOURNAL_MAX_PER_WINDOW } from "./refusal-journal";
import { CLIENT_ID, CLIENT_SECRET, type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, exchangeCode, failureOf, setCookie, startAndSignIn } from "./test-sso";

// A provider added in the admin screen is a provider like the file's: listed for the login
// popup, signed in with, tested; and every refused sign-in lands in the admin journal.

let idp: TestProvider;
let ctx: TestContext;
let admin: string;
const URL_ = "/api/sso-admin/providers";

beforeAll(async () => {
  idp = await startOidcProvider({ "lea-sub": { preferred_username: "lea.martin" } }, ["stocke"]);
  ctx = createTestApp({ sso: { providers: [], timeoutSeconds: 2 } });
  admin = (await ctx.user({ role: "admin", username: "admin" })).token;
  await ctx.user({ role: "eleve", username: "lea.martin" });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

const add = (body: Record<string, unknown>) => ctx.request("POST", URL_, { token: admin, body });
const test = async (id: string) =>
  (await (await ctx.request("POST", `${URL_}/${id}/test`, { token: admin })).json()) as Record<string, unknown>;
const refusals = async () => await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "sso.refused"));
const publicIds = async () =>
  ((await (await ctx.request("GET", "/api/auth/providers")).json()) as { providers: { id: string }[] }).providers.map((p) => p.id);

describe("a provider stored through the admin screen", () => {
  it("is listed for the login popup and signs a student in through the real OpenID provider", async () => {
    const res = await add({
      kind: "oidc",
      id: "stocke",
      label: "ENT enregistré",
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(res.status).toBe(200);
    expect(await ctx.request("GET", "/api/auth/providers").then((r) => r.json())).toMatchObject({
      providers: [{ id: "stocke", kind: "oidc", label: "ENT enregistré" }],
    });
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { provider: "stocke" });
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    const exchanged = await exchangeCode(ctx, back.headers.get("location")!.split("#connexion-ent=")[1]!, stateCookie);
    expect(setCookie(exchanged, "planify_session")).toBeTruthy();
  });

  it("« Tester » says the discovery answers and the issuer matches", async () => {
    expect(await test("stocke")).toEqual({
      success: true,
      reachable: true,
      message: "Connexion réussie : la découverte OpenID Connect répond et l'émetteur correspond.",
    });
  });

  it("« Tester » names an issuer that differs from the discovery's", async () => {
    await add({ kind: "oidc", id: "slash", label: "ENT", issuer: `${idp.issuer}/`, clientId: CLIENT_ID });
    expect(await test("slash")).toMatchObject({
      reachable: false,
      message: `La découverte annonce l'émetteur « ${idp.issuer} » au lieu de « ${idp.issuer}/ » : recopie-le à l'identique.`,
    });
  });

  it("« Tester » against a stopped issuer answers in French", async () => {
    await add({ kind: "oidc", id: "eteint", label: "ENT éteint", issuer: "http://127.0.0.1:9", clientId: CLIENT_ID });
    expect(await test("eteint")).toMatchObject({
      reachable: false,
      message: "L'émetteur ne répond pas (connexion impossible) : vérifie son adresse et que le serveur Planify peut le joindre.",
    });
  });

  it("disabled, it leaves the login popup and its start is refused; enabled again, it is back", async () => {
    await ctx.request("PUT", `${URL_}/stocke/enabled`, { token: admin, body: { enabled: false } });
    expect(await publicIds()).not.toContain("stocke");
    expect(failureOf(await browse(ctx, "/api/auth/sso/stocke/start"))).toBe("FOURNISSEUR_INCONNU");
    await ctx.request("PUT", `${URL_}/stocke/enabled`, { token: admin, body: { enabled: true } });
    expect(await publicIds()).toContain("stocke");
  });

  it("deleted, it is gone from the login popup", async () => {
    expect((await ctx.request("DELETE", `${URL_}/stocke`, { token: admin })).status).toBe(200);
    expect(await publicIds()).not.toContain("stocke");
  });
});

describe("refused ENT sign-ins in the admin journal", () => {
  it("one entry per provider, reason and address per minute, labelled « Connexion ENT refusée », with no code or token", async () => {
    const before = (await refusals()).length;
    await browse(ctx, "/api/auth/sso/absent/start");
    await browse(ctx, "/api/auth/sso/absent/start");
    // A callback with a code and no state cookie: refused, and the code is written nowhere.
    await browse(ctx, "/api/auth/sso/absent/callback?code=code-secret-du-fournisseur&state=etat");
    const rows = (await refusals()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      adminUsername: "Connexion ENT",
      summary: "Connexion ENT refusée (absent, local) : Ce moyen de connexion ENT n'existe pas ou a été désactivé par ton établissement.",
      details: { provider: "absent", reason: "FOURNISSEUR_INCONNU", ip: "local" },
    });
    expect(JOURNAL_ACTION_LABELS[rows[0]!.action]).toBe("Connexion ENT refusée");

    // Another reason is another entry; the code it carried is not in it.
    await ctx.request("POST", URL_, {
      token: admin,
      body: { kind: "oidc", id: "etat", label: "ENT", issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    });
    await browse(ctx, "/api/auth/sso/etat/callback?code=code-secret-du-fournisseur&state=etat");
    const withState = (await refusals()).slice(before);
    expect(withState.map((r) => (r.details as { reason: string }).reason)).toEqual(["FOURNISSEUR_INCONNU", "ETAT_INVALIDE"]);
    expect(JSON.stringify(withState)).not.toContain("code-secret-du-fournisseur");
    expect(JSON.stringify(withState)).not.toContain(CLIENT_SECRET);

    // A minute later, the same refusal is written again.
    ctx.clock.now += 61_000;
    await browse(ctx, "/api/auth/sso/absent/start");
    expect((await refusals()).length - before).toBe(3);
  });

  it(`a storm from many providers or addresses writes at most ${REFUSAL_JOURNAL_MAX_PER_WINDOW} entries a minute`, async () => {
    ctx.clock.now = Math.ceil(ctx.clock.now / 60_000) * 60_000 + 120_000;
    const before = (await refusals()).length;
    for (let i = 0; i < REFUSAL_JOURNAL_MAX_PER_WINDOW + 15; i++) await browse(ctx, `/api/auth/sso/tempete-${i}/start`);
    expect((await refusals()).length - before).toBe(REFUSAL_JOURNAL_MAX_PER_WINDOW);
    ctx.clock.now += 60_000;
    await browse(ctx, "/api/auth/sso/tempete-0/start");
    expect((await refusals()).length - before).toBe(REFUSAL_JOURNAL_MAX_PER_WINDOW + 1);
  });
});
