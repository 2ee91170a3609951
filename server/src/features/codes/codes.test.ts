import { afterEach, describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_INPUT_MAX_LENGTH } from "@planify/common/constants/economy";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { fastUsers, json } from "../coins/test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("reward codes", () => {
  it("generates codes from the look-alike-free alphabet, lists and deletes them (admin only)", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [student] = await fastUsers(ctx, 1);
    const res = await ctx.request("POST", "/api/redeem-codes/generate", {
      token: admin!.token,
      body: { rewardType: "item", itemId: 26, itemName: "Cœur", length: 12, maxUses: 2 },
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created.success).toBe(true);
    expect(created.code).toHaveLength(12);
    for (const ch of created.code) expect(CODE_ALPHABET).toContain(ch);
    expect(
      await json(await ctx.request("POST", "/api/redeem-codes/generate", { token: admin!.token, body: { rewardType: "item", items: [] } })),
    ).toMatchObject({ message: "Choisissez au moins un item" });
    expect(
      await json(await ctx.request("POST", "/api/redeem-codes/generate", { token: admin!.token, body: { rewardType: "border-color" } })),
    ).toMatchObject({ message: "Choisissez au moins une couleur" });
    expect(
      (await ctx.request("POST", "/api/redeem-codes/generate", { token: admin!.token, body: { rewardType: "item", itemId: 1, length: 5 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await ctx.request("POST", "/api/redeem-codes/generate", {
          token: admin!.token,
          body: { rewardType: "item", itemId: 1, maxUses: 10_000 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await ctx.request("POST", "/api/redeem-codes/generate", { token: student!.token, body: { rewardType: "item", itemId: 1 } })).status,
    ).toBe(403);
    expect((await ctx.request("GET", "/api/redeem-codes/", { token: student!.token })).status).toBe(403);
    const list = await json(await ctx.request("GET", "/api/redeem-codes/", { token: admin!.token }));
    expect(list.codes).toHaveLength(1);
    expect(list.codes[0]).toMatchObject({
      code: created.code,
      rewardType: "item",
      usedCount: 0,
      maxUses: 2,
      expiresAt: null,
      payload: { items: [{ itemId: 26, itemName: "Cœur" }] },
    });
    expect((await ctx.request("DELETE", `/api/redeem-codes/${list.codes[0].id}`, { token: student!.token })).status).toBe(403);
    expect(await json(await ctx.request("DELETE", `/api/redeem-codes/${list.codes[0].id}`, { token: admin!.token }))).toMatchObject({
      success: true,
    });
    expect((await ctx.request("DELETE", `/api/redeem-codes/${list.codes[0].id}`, { token: admin!.token })).status).toBe(404);
  });

  it("redeems a normalised code once per user and refuses unknown, expired and used-up codes", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [a, b] = await fastUsers(ctx, 2);
    const { code } = await json(
      await ctx.request("POST", "/api/redeem-codes/generate", {
        token: admin!.token,
        body: { rewardType: "border-color", colors: ["gold", "g205"], maxUses: 1, expiresAt: "2026-11-17T09:00:00Z" },
      }),
    );
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `;
    const ok = await ctx.request("POST", "/api/redeem-codes/redeem", { token: a!.token, body: { code: typed } });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({
      success: true,
      rewardType: "border-color",
      payload: { colors: ["gold", "g205"], colorId: "gold", items: [] },
    });
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: a!.token }));
    expect(inv.borderColors).toEqual(["default", "gold", "g205"]);
    const again = await ctx.request("POST", "/api/redeem-codes/redeem", { token: a!.token, body: { code } });
    expect([again.status, (await json(again)).message]).toEqual([409, "Tu as déjà utilisé ce code."]);
    const usedUp = await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code } });
    expect([usedUp.status, (await json(usedUp)).message]).toEqual([409, "Ce code a atteint son nombre maximal d'utilisations."]);
    const unknown = await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code: "ZZZZZZZZ" } });
    expect([unknown.status, (await json(unknown)).message]).toEqual([404, "Code invalide."]);
    const empty = await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code: "  " } });
    expect([empty.status, (await json(empty)).message]).toEqual([400, "Veuillez entrer un code"]);
    // The field in the web app stops at the same length as the server's schema.
    const spaced = code.split("").join(" ").padEnd(CODE_INPUT_MAX_LENGTH, " ");
    expect((await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code: spaced } })).status).toBe(409);
    expect((await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code: `${spaced} ` } })).status).toBe(400);

    const second = await json(
      await ctx.request("POST", "/api/redeem-codes/generate", {
        token: admin!.token,
        body: { rewardType: "item", itemId: 26, maxUses: 5, expiresAt: "2026-11-17T09:00:00Z" },
      }),
    );
    ctx.clock.now = Date.parse("2026-11-17T09:00:00Z");
    const expired = await ctx.request("POST", "/api/redeem-codes/redeem", { token: b!.token, body: { code: second.code } });
    expect([expired.status, (await json(expired)).message]).toEqual([400, "Ce code a expiré."]);
  });

  it("answers the first result when a redeem is retried with the same Idempotency-Key", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const { code } = await json(
      await ctx.request("POST", "/api/redeem-codes/generate", {
        token: admin!.token,
        body: { rewardType: "item", itemId: 26, maxUses: 5 },
      }),
    );
    const send = () =>
      ctx.request("POST", "/api/redeem-codes/redeem", { token: u!.token, body: { code }, headers: { "Idempotency-Key": "redeem-1" } });
    const first = await send();
    const retry = await send();
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(await json(retry)).toEqual(await json(first));
    const list = await json(await ctx.request("GET", "/api/redeem-codes/", { token: admin!.token }));
    expect(list.codes[0].usedCount).toBe(1);
  });
});
