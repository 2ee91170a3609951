import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { json } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("task milestones through the task routes", () => {
  it("pays +50 at the 10th counted check, and never again after uncheck/check toggling", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" }, { questions: false });
    const student = await ctx.user({ role: "eleve", year: "BUT1", groupe: "A" }, { questions: false });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await ctx.request("POST", "/api/events", {
        token: admin.token,
        body: {
          titre: `Devoir ${i}`,
          type: "devoir",
          matiere: "Anglais",
          date: "2026-12-01",
          heure: "10:00",
          groupes: ["Promo"],
          groupe: "Promo",
          year: "BUT1",
          description: "",
        },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      const body = await json(res);
      ids.push(body.event?._id ?? body._id ?? body.id);
    }
    const coins = async () => (await json(await ctx.request("GET", "/api/coins/user-coins", { token: student.token }))).coins as number;
    for (const id of ids.slice(0, 9)) await ctx.request("POST", `/api/events/${id}/check`, { token: student.token });
    expect(await coins()).toBe(0);
    await ctx.request("POST", `/api/events/${ids[9]}/check`, { token: student.token });
    expect(await coins()).toBe(50);
    await ctx.request("POST", `/api/events/${ids[9]}/uncheck`, { token: student.token });
    await ctx.request("POST", `/api/events/${ids[9]}/check`, { token: student.token });
    expect(await coins()).toBe(50);
  });
});
