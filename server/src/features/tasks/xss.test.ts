import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { tasks } from "../../db/schema";
import { createTask, type EventJson } from "./test-support";
import { markupProblems, XSS_VECTORS } from "../../../test/xss-vectors";

// Descriptions are sanitised before they are stored: every injection vector
// comes back clean, while the editor's own formatting survives.
let ctx: TestContext;
let prof: TestUser;
let student: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof" });
  student = await ctx.user({ role: "eleve", username: "eleve" });
});
afterAll(() => ctx.close());

describe("XSS vectors in descriptions", () => {
  it(`has at least 50 vectors (${XSS_VECTORS.length})`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  XSS_VECTORS.forEach((vector, i) => {
    it(`vector ${i + 1} comes back clean: ${vector.slice(0, 60)}`, async () => {
      const created = await createTask(ctx, prof.token, { titre: `XSS ${i + 1}`, description: `<p>avant</p>${vector}<p>après</p>` });
      const res = await ctx.request("GET", `/api/events/${created.id}`, { token: student.token });
      const { description } = ((await res.json()) as { event: EventJson }).event;
      expect(markupProblems(description)).toEqual([]);
      expect(description).toContain("<p>avant</p>");
      const row = (await first(ctx.deps.db.select({ d: tasks.description }).from(tasks).where(eq(tasks.id, created.id))))!;
      expect(row.d).toBe(description);
    });
  });

  it("edits are sanitised too", async () => {
    const created = await createTask(ctx, prof.token);
    const res = await ctx.request("PUT", `/api/events/${created.id}`, {
      token: prof.token,
      body: { description: `<img src=x onerror=alert(1)><b>ok</b>` },
    });
    expect(((await res.json()) as { event: EventJson }).event.description).toBe("<b>ok</b>");
  });
});

describe("the editor's formatting survives", () => {
  const png = `data:image/png;base64,${Buffer.from("89504e470d0a1a0a", "hex").toString("base64")}`;
  const rows: [name: string, input: string, output: string][] = [
    ["bold, italic, underline", "<p><strong>g</strong><em>i</em><u>s</u></p>", "<p><strong>g</strong><em>i</em><u>s</u></p>"],
    [
      "colour, size and font",
      `<span style="color: #ff0000; font-size: 54px; font-family: 'Cobe Heavy'">t</span>`,
      `<span style="color:#ff0000;font-size:54px;font-family:'Cobe Heavy'">t</span>`,
    ],
    [
      "a link opens safely",
      `<a href="https://planify.example/cours">cours</a>`,
      `<a href="https://planify.example/cours" target="_blank" rel="noopener noreferrer nofollow">cours</a>`,
    ],
    ["a data-URL PNG image with its width", `<img src="${png}" style="width: 300px">`, `<img src="${png}" style="width:300px" />`],
    [
      "image widths are held to 80–900 px",
      `<img src="https://a.example/i.png" style="width: 950px"><img src="https://a.example/j.png" width="20">`,
      `<img src="https://a.example/i.png" style="width:900px" /><img src="https://a.example/j.png" width="80" />`,
    ],
  ];
  for (const [name, input, output] of rows) {
    it(name, async () => {
      const created = await createTask(ctx, prof.token, { description: input });
      expect(created.description).toBe(output);
    });
  }

  it("a data-URL image over 800 KB is dropped", async () => {
    const big = `data:image/png;base64,${Buffer.alloc(820 * 1024, 1).toString("base64")}`;
    const created = await createTask(ctx, prof.token, { description: `<p>x</p><img src="${big}">` });
    expect(created.description).toBe("<p>x</p>");
  });
});
