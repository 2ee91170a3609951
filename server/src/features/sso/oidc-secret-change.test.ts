import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { CLIENT_ID, CLIENT_SECRET, type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, failureOf, startAndSignIn } from "./test-sso";

// The discovered OIDC configuration is kept an hour; it holds the client's authentication, so
// its cache key includes a hash of the secret: a secret fixed in « Connexion ENT » works at once.

let idp: TestProvider;
let ctx: TestContext;
let admin: string;
const URL_ = "/api/sso-admin/providers";
const body = (clientSecret: string) => ({
  kind: "oidc",
  id: "stocke",
  label: "ENT",
  issuer: idp.issuer,
  clientId: CLIENT_ID,
  clientSecret,
});

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

const signIn = async () => {
  const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { provider: "stocke" });
  return browse(ctx, callback.pathname + callback.search, stateCookie);
};

describe("an OIDC client secret fixed in the admin screen", () => {
  it("a wrong secret is refused; once fixed, the next sign-in works without waiting for the discovery cache", async () => {
    expect((await ctx.request("POST", URL_, { token: admin, body: body("pas-le-bon-secret") })).status).toBe(200);
    expect(failureOf(await signIn())).toBe("JETON_INVALIDE");
    expect((await ctx.request("PUT", `${URL_}/stocke`, { token: admin, body: body(CLIENT_SECRET) })).status).toBe(200);
    const back = await signIn();
    expect(failureOf(back)).toBeNull();
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
  });
});
