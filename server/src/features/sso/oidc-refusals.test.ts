import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, failureOf, ssoRows, startAndSignIn } from "./test-sso";
import { takeStateCookie, writeStateCookie } from "./state-cookie";

// Every refusal of an ENT sign-in: the browser goes to /connexion-ent?erreur=<CODE>, no
// identity or code is stored, and the log names the reason without any code or token.

let idp: TestProvider;
let ctx: TestContext;
const logs = logRecorder();
let hanging: Server;
let hangingPort: number;

beforeAll(async () => {
  idp = await startOidcProvider(
    {
      "lea-sub": { preferred_username: "lea.martin" },
      "lea-other-sub": { preferred_username: "Lea.Martin" },
      "nobody-sub": { preferred_username: "inconnu.total" },
      "nameless-sub": {},
    },
    ["ent", "mauvais-secret"],
  );
  hanging = createServer(() => {
    // Accepts the connection and never answers: an ENT that hangs.
  });
  await new Promise<void>((done) => hanging.listen(0, "127.0.0.1", done));
  hangingPort = (hanging.address() as { port: number }).port;
  ctx = createTestApp({
    log: logs.log,
    sso: {
      timeoutSeconds: 1,
      providers: [
        idp.entry(),
        idp.entry({ id: "ferme", enabled: false }),
        idp.entry({ id: "mauvais-secret", clientSecret: "pas-le-bon-secret" }),
        idp.entry({ id: "eteint", issuer: "http://127.0.0.1:9" }),
        idp.entry({ id: "bloque", issuer: `http://127.0.0.1:${hangingPort}` }),
      ],
    },
  });
  await ctx.user({ role: "eleve", username: "lea.martin" });
});
afterAll(async () => {
  ctx.close();
  hanging.close();
  await idp.close();
});

/** Runs `act`, then checks the error page's code, that nothing was stored, and the log line. */
async function refused(act: () => Promise<Response>, code: string) {
  const before = await ssoRows(ctx);
  const lines = logs.lines.length;
  const res = await act();
  expect(res.status).toBe(302);
  expect(failureOf(res)).toBe(code);
  expect(res.headers.getSetCookie().some((l) => l.startsWith("planify_session=") && !/Max-Age=0/i.test(l))).toBe(false);
  expect(await ssoRows(ctx)).toEqual(before);
  const logged = logs.lines.slice(lines).map((l) => `${l.message} ${JSON.stringify(l.extra ?? {})}`);
  expect(logged.some((l) => l.includes(`raison=${code}`))).toBe(true);
  return logged.join("\n");
}

describe("ENT sign-in refusals", () => {
  it("an unknown provider → FOURNISSEUR_INCONNU", async () => {
    await refused(() => browse(ctx, "/api/auth/sso/nulle-part/start"), "FOURNISSEUR_INCONNU");
  });

  it("a disabled provider → FOURNISSEUR_INCONNU, and it is not listed", async () => {
    await refused(() => browse(ctx, "/api/auth/sso/ferme/start"), "FOURNISSEUR_INCONNU");
    const list = (await (await ctx.request("GET", "/api/auth/providers")).json()) as { providers: { id: string }[] };
    expect(list.providers.map((p) => p.id)).not.toContain("ferme");
  });

  it("a callback without the state cookie → ETAT_INVALIDE", async () => {
    const { callback } = await startAndSignIn(ctx, "lea-sub");
    await refused(() => browse(ctx, callback.pathname + callback.search), "ETAT_INVALIDE");
  });

  it("a callback whose state is not the cookie's → ETAT_INVALIDE", async () => {
    const first = await startAndSignIn(ctx, "lea-sub");
    const second = await startAndSignIn(ctx, "lea-sub");
    await refused(() => browse(ctx, first.callback.pathname + first.callback.search, second.stateCookie), "ETAT_INVALIDE");
  });

  it("an altered state cookie → ETAT_INVALIDE", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    await refused(
      () => browse(ctx, callback.pathname + callback.search, `${stateCookie.split("; ")[0]!.slice(0, -4)}AAAA`),
      "ETAT_INVALIDE",
    );
  });

  it("a state cookie past its 10 minutes → ETAT_INVALIDE", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    ctx.clock.now += 11 * 60_000;
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "ETAT_INVALIDE");
  });

  it("the user cancels at the provider (error=access_denied) → REFUS_FOURNISSEUR", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { abort: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "REFUS_FOURNISSEUR");
  });

  it("a code the token endpoint refuses (wrong client secret) → JETON_INVALIDE, the secret never logged", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { provider: "mauvais-secret" });
    const logged = await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "JETON_INVALIDE");
    expect(logged).not.toContain("pas-le-bon-secret");
    expect(logged).not.toContain(callback.searchParams.get("code")!);
  });

  it("an ID token whose nonce is not the one sent (checked by openid-client) → JETON_INVALIDE", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    // The server's own cookie, re-sealed with the same state and verifier but another nonce.
    const jar = {
      planify_sso_state: { value: decodeURIComponent(stateCookie.split("; ")[0]!.split("=")[1]!), set: () => {}, remove: () => {} },
    };
    const started = (await takeStateCookie(ctx.deps, jar, "ent"))!;
    const sealed: string[] = [];
    const out = { planify_sso_state: { set: (o: Record<string, unknown>) => sealed.push(String(o.value)), remove: () => {} } };
    await writeStateCookie(ctx.deps, out, { ...started, pending: { ...started.pending, nonce: "un-autre-nonce" } });
    const forged = sealed[0];
    const logged = await refused(() => browse(ctx, callback.pathname + callback.search, `planify_sso_state=${forged}`), "JETON_INVALIDE");
    expect(logged).toContain("OAUTH_JWT_CLAIM_COMPARISON_FAILED");
  });

  it("a replayed callback (same code, same cookie) → JETON_INVALIDE", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    const first = await browse(ctx, callback.pathname + callback.search, stateCookie);
    expect(first.headers.get("location")).toMatch(/#connexion-ent=/);
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "JETON_INVALIDE");
  });

  it("no account under « comptes existants uniquement » → COMPTE_INTROUVABLE", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "nobody-sub");
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "COMPTE_INTROUVABLE");
  });

  it("no username claim → IDENTIFIANT_ABSENT", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "nameless-sub");
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "IDENTIFIANT_ABSENT");
  });

  it("a second ENT identity for an account already tied → IDENTITE_DEJA_LIEE", async () => {
    // lea-sub was tied to lea.martin by the replay test above; lea-other-sub names the same account.
    expect((await ssoRows(ctx)).identities).toBe(1);
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-other-sub");
    await refused(() => browse(ctx, callback.pathname + callback.search, stateCookie), "IDENTITE_DEJA_LIEE");
  });

  it("a provider that refuses connections → ENT_INJOIGNABLE", async () => {
    await refused(() => browse(ctx, "/api/auth/sso/eteint/start"), "ENT_INJOIGNABLE");
  });

  it("a provider that never answers → ENT_INJOIGNABLE after the timeout", async () => {
    const t0 = Date.now();
    await refused(() => browse(ctx, "/api/auth/sso/bloque/start"), "ENT_INJOIGNABLE");
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});
