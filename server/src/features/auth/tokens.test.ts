import { first } from "../../db/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT, decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "./tokens";

let ctx: TestContext;
let eleve: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  eleve = await ctx.user({ role: "eleve", username: "emma" });
  admin = await ctx.user({ role: "admin", username: "direction" }, { questions: false });
});
afterAll(() => ctx.close());

/** A protected call; 204 or 200 means the token was accepted. */
const call = (token: string) => ctx.request("GET", "/api/popups/for-me", { token });
const expectRefused = async (token: string) => {
  const res = await call(token);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ success: false, code: "UNAUTHORIZED", message: "Session expirée. Veuillez vous reconnecter." });
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token with the right claims for `eleve`, signed with `key`, changed by `edit`. */
async function forge(edit: (jwt: SignJWT) => SignJWT = (j) => j, key = ctx.deps.jwtKey) {
  const row = (await first(ctx.deps.db.select().from(users).where(eq(users.id, eleve.id))))!;
  const nowS = Math.floor(ctx.clock.now / 1000);
  const jwt = new SignJWT({ role: row.role, tv: row.tokenVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(row.id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 3600);
  return edit(jwt).sign(key);
}

describe("session tokens", () => {
  it("accepts the login token and a correctly forged one (the forge is faithful)", async () => {
    expect((await call(eleve.token)).status).toBe(204);
    expect((await call(await forge())).status).toBe(204);
  });

  it("refuses a bad signature", async () => {
    await expectRefused(await forge((j) => j, new TextEncoder().encode("un-autre-secret-un-autre-secret-0123456789")));
    const [h, p, s] = eleve.token.split(".");
    const flipped = s!.startsWith("A") ? `B${s!.slice(1)}` : `A${s!.slice(1)}`;
    await expectRefused(`${h}.${p}.${flipped}`);
  });

  it("refuses alg none, even with the right claims", async () => {
    const payload = decodeJwt(eleve.token);
    await expectRefused(`${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`);
  });

  it("refuses a payload changed to another role", async () => {
    const [h, , s] = eleve.token.split(".");
    await expectRefused(`${h}.${b64({ ...decodeJwt(eleve.token), role: "admin" })}.${s}`);
  });

  it("refuses a wrong audience or issuer", async () => {
    await expectRefused(await forge((j) => j.setAudience("autre-appli")));
    await expectRefused(await forge((j) => j.setIssuer("pirate")));
  });

  it("refuses garbage and odd headers", async () => {
    for (const token of ["", "abc", "a.b.c", "Bearer", eleve.token.split(".").slice(0, 2).join(".")]) await expectRefused(token);
    const res = await ctx.request("GET", "/api/popups/for-me", { headers: { authorization: `Basic ${eleve.token}` } });
    expect(res.status).toBe(401);
  });

  it("expires, measured with the server's clock", async () => {
    const login = await ctx.request("POST", "/api/users/login", {
      body: { username: "emma", password: eleve.password, rememberMe: false },
    });
    const { token } = (await login.json()) as { token: string };
    const start = ctx.clock.now;
    try {
      ctx.clock.now = start + 24 * 3600_000 - 1000;
      expect((await call(token)).status).toBe(204);
      ctx.clock.now = start + 24 * 3600_000 + 1000;
      await expectRefused(token);
    } finally {
      ctx.clock.now = start;
    }
  });

  it("lasts 30 days with rememberMe, 24 hours without, and says when", async () => {
    for (const [rememberMe, seconds] of [
      [true, 30 * 86400],
      [false, 86400],
      [undefined, 30 * 86400],
    ] as const) {
      const res = await ctx.request("POST", "/api/users/login", { body: { username: "emma", password: eleve.password, rememberMe } });
      const body = (await res.json()) as { token: string; expiresAt: string };
      const claims = decodeJwt(body.token);
      expect(claims.exp! - claims.iat!).toBe(seconds);
      expect(claims).toMatchObject({ sub: eleve.id, role: "eleve", iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
      expect(Date.parse(body.expiresAt)).toBe(claims.exp! * 1000);
      expect(decodeJwt(body.token).exp! * 1000 - ctx.clock.now).toBe(seconds * 1000);
    }
  });
});

describe("the user is re-read on every request", () => {
  it("a role change takes effect at once, in both directions", async () => {
    const c = createTestApp();
    try {
      const chef = await c.user({ role: "admin", username: "chef" }, { questions: false });
      const bob = await c.user({ role: "eleve", username: "bob" }, { questions: false });
      const list = (token: string) => c.request("GET", "/api/contact/messages", { token });
      expect((await list(bob.token)).status).toBe(403);
      await c.deps.db.update(users).set({ role: "admin" }).where(eq(users.id, bob.id));
      expect((await list(bob.token)).status).toBe(200);
      await c.deps.db.update(users).set({ role: "eleve" }).where(eq(users.id, chef.id));
      const demoted = await list(chef.token);
      expect(demoted.status).toBe(403);
      expect(await demoted.json()).toMatchObject({ message: "Accès refusé." });
    } finally {
      c.close();
    }
  });

  it("a deleted user's token is refused", async () => {
    const c = createTestApp();
    try {
      const gone = await c.user({ role: "delegue", username: "parti" }, { questions: false });
      expect((await c.request("GET", "/api/popups/for-me", { token: gone.token })).status).toBe(204);
      await c.deps.db.delete(users).where(eq(users.id, gone.id));
      const res = await c.request("GET", "/api/popups/for-me", { token: gone.token });
      expect(res.status).toBe(401);
    } finally {
      c.close();
    }
  });

  it("a password reset invalidates every older token, not newer ones", async () => {
    const c = createTestApp();
    try {
      const u = await c.user({ role: "eleve", username: "zoe" });
      const other = await c.user({ role: "eleve", username: "yann" }, { questions: false });
      const verify = await c.request("POST", "/api/users/forgot-password/verify", { body: { username: "zoe", answers: ["Lyon"] } });
      const { resetToken } = (await verify.json()) as { resetToken: string };
      const reset = await c.request("POST", "/api/users/forgot-password/reset", {
        body: { username: "zoe", newPassword: "tout-nouveau-1", resetToken },
      });
      expect(reset.status).toBe(200);
      const old = await c.request("GET", "/api/popups/for-me", { token: u.token });
      expect(old.status).toBe(401);
      // The old password is gone, the new one gives a working token.
      expect((await c.request("POST", "/api/users/login", { body: { username: "zoe", password: u.password } })).status).toBe(401);
      const login = await c.request("POST", "/api/users/login", { body: { username: "zoe", password: "tout-nouveau-1" } });
      const { token } = (await login.json()) as { token: string };
      expect((await c.request("GET", "/api/popups/for-me", { token })).status).toBe(204);
      // Someone else's session is untouched.
      expect((await c.request("GET", "/api/popups/for-me", { token: other.token })).status).toBe(204);
    } finally {
      c.close();
    }
  });

  it("keeps an admin's access tied to the admin row", async () => {
    expect((await ctx.request("GET", "/api/contact/messages", { token: admin.token })).status).toBe(200);
    expect((await ctx.request("GET", "/api/contact/messages", { token: eleve.token })).status).toBe(403);
  });
});
