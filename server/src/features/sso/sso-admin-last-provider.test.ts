import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";

// While password sign-in is for admins only, the last enabled ENT provider cannot be switched
// off or deleted: nobody but the admins could sign in any more.

let ctx: TestContext;
let admin: string;
const URL_ = "/api/sso-admin/providers";
const provider = (id: string) => ({
  kind: "cas",
  id,
  label: `ENT ${id}`,
  casUrl: "https://cas.univ-test.fr/cas",
});

beforeAll(async () => {
  ctx = createTestApp({ sso: { providers: [] } });
  admin = (await ctx.user({ role: "admin", username: "admin" })).token;
  for (const id of ["un", "deux"]) expect((await ctx.request("POST", URL_, { token: admin, body: provider(id) })).status).toBe(200);
  const off = await ctx.request("PUT", "/api/admin/school-settings", { token: admin, body: { passwordSignIn: "admins" } });
  expect(off.status).toBe(200);
});
afterAll(() => ctx.close());

const disable = (id: string) => ctx.request("PUT", `${URL_}/${id}/enabled`, { token: admin, body: { enabled: false } });
const enabledIds = async () =>
  ((await (await ctx.request("GET", "/api/auth/providers")).json()) as { providers: { id: string }[] }).providers.map((p) => p.id);

describe("the last enabled ENT provider while password sign-in is for admins", () => {
  it("another one can go; the last one cannot be disabled, edited to disabled or deleted (French, 409)", async () => {
    expect((await disable("un")).status).toBe(200);
    for (const res of [
      await disable("deux"),
      await ctx.request("PUT", `${URL_}/deux`, { token: admin, body: { ...provider("deux"), enabled: false } }),
      await ctx.request("DELETE", `${URL_}/deux`, { token: admin }),
    ]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: "ENT_NOT_CONFIGURED",
        message: expect.stringContaining("rétablis d'abord la connexion par mot de passe pour tous"),
      });
    }
    expect(await enabledIds()).toEqual(["deux"]);
  });

  it("once password sign-in is back on for everyone, it can be disabled", async () => {
    const on = await ctx.request("PUT", "/api/admin/school-settings", { token: admin, body: { passwordSignIn: "all" } });
    expect(on.status).toBe(200);
    expect((await disable("deux")).status).toBe(200);
    expect(await enabledIds()).toEqual([]);
  });
});
