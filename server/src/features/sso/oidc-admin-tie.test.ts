import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, exchangeCode, failureOf, ssoRows, startAndSignIn } from "./test-sso";

// Which accounts a first-time ENT identity may be tied to: an admin account only by its exact
// username (never by the part before « @ » or without accents), and an address (usernameClaim
// "email") only once the provider says it verified it (email_verified: true).

let idp: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider(
    {
      "addr-sub": { preferred_username: "directeur@univ-test.fr" },
      "fold-sub": { preferred_username: "rene" },
      "exact-sub": { preferred_username: "Directeur" },
      "student-addr-sub": { preferred_username: "lea.martin@univ-test.fr" },
      "unverified-sub": { email: "hugo.bernard@univ-test.fr", email_verified: false },
      "nofield-sub": { email: "hugo.bernard@univ-test.fr" },
      "verified-sub": { email: "hugo.bernard@univ-test.fr", email_verified: true },
    },
    ["ent", "mail"],
  );
  ctx = createTestApp({
    sso: { providers: [idp.entry(), idp.entry({ id: "mail", usernameClaim: "email", scopes: ["openid", "email"] })] },
  });
  await ctx.user({ role: "admin", username: "directeur" });
  await ctx.user({ role: "admin", username: "rené" });
  await ctx.user({ role: "eleve", username: "lea.martin" });
  await ctx.user({ role: "eleve", username: "hugo.bernard" });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

async function signIn(login: string, provider = "ent") {
  const { callback, stateCookie } = await startAndSignIn(ctx, login, { provider });
  const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
  return { back, stateCookie };
}

const usernameOf = async (back: Response, cookie: string) => {
  const res = await exchangeCode(ctx, back.headers.get("location")!.split("#connexion-ent=")[1]!, cookie);
  return ((await res.json()) as { user: { username: string } }).user.username;
};

describe("first ENT sign-in and admin accounts", () => {
  it("the part before « @ » never ties an admin account → COMPTE_INTROUVABLE, nothing stored", async () => {
    const { back } = await signIn("addr-sub");
    expect(failureOf(back)).toBe("COMPTE_INTROUVABLE");
    expect(await ssoRows(ctx)).toEqual({ identities: 0, codes: 0 });
  });

  it("nor does the accent folding (« rene » at the ENT, admin « rené ») → COMPTE_INTROUVABLE", async () => {
    const { back } = await signIn("fold-sub");
    expect(failureOf(back)).toBe("COMPTE_INTROUVABLE");
    expect((await ssoRows(ctx)).identities).toBe(0);
  });

  it("a student is still found by the part before « @ »", async () => {
    const { back, stateCookie } = await signIn("student-addr-sub");
    expect(await usernameOf(back, stateCookie)).toBe("lea.martin");
  });

  it("the exact username (case as usernames are) ties the admin account", async () => {
    const { back, stateCookie } = await signIn("exact-sub");
    expect(await usernameOf(back, stateCookie)).toBe("directeur");
  });
});

describe("usernameClaim « email »", () => {
  it("an address the provider did not verify (email_verified false or absent) → IDENTIFIANT_ABSENT", async () => {
    const before = await ssoRows(ctx);
    expect(failureOf((await signIn("unverified-sub", "mail")).back)).toBe("IDENTIFIANT_ABSENT");
    expect(failureOf((await signIn("nofield-sub", "mail")).back)).toBe("IDENTIFIANT_ABSENT");
    expect(await ssoRows(ctx)).toEqual(before);
  });

  it("a verified address signs the account in", async () => {
    const { back, stateCookie } = await signIn("verified-sub", "mail");
    expect(await usernameOf(back, stateCookie)).toBe("hugo.bernard");
  });
});
