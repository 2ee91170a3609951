import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { createTask, visibleIds } from "./test-support";

// Visibility matrix: who sees which task across years, groups, Promo,
// speciality and subject rules. Each task's audience must be exactly the expected people.
let ctx: TestContext;
const people: Record<string, TestUser> = {};
const taskIds: Record<string, string> = {};

const STUDENTS = {
  chloe: { role: "eleve", year: "BUT2", groupe: "A", specialite: "devweb" },
  "delegue-but2a": { role: "delegue", year: "BUT2", groupe: "A", specialite: "devweb" },
  "but2a-creation": { role: "eleve", year: "BUT2", groupe: "A", specialite: "creation" },
  "but2a-prime": { role: "eleve", year: "BUT2", groupe: "A'", specialite: "devweb" },
  "but2b-devweb": { role: "eleve", year: "BUT2", groupe: "B", specialite: "devweb" },
  "but1a-devweb": { role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  "but3a-devweb": { role: "eleve", year: "BUT3", groupe: "A", specialite: "devweb" },
  prof: { role: "prof" },
  admin: { role: "admin" },
} as const;
type Person = keyof typeof STUDENTS;

const ALL = Object.keys(STUDENTS) as Person[];
const STAFF: Person[] = ["prof", "admin"];

/** Each task of the matrix and exactly who must see it. */
const MATRIX: { name: string; body: Record<string, unknown>; seenBy: Person[] }[] = [
  {
    name: "BUT2 group A devweb",
    body: { year: "BUT2", groupes: ["A"], specialite: "devweb" },
    seenBy: ["chloe", "delegue-but2a", ...STAFF],
  },
  {
    name: "BUT2 Promo, any speciality",
    body: { year: "BUT2", groupes: ["Promo"], specialite: "" },
    seenBy: ["chloe", "delegue-but2a", "but2a-creation", "but2a-prime", "but2b-devweb", ...STAFF],
  },
  {
    name: "BUT2 groups A' and B",
    body: { year: "BUT2", groupes: ["A'", "B"] },
    seenBy: ["but2a-prime", "but2b-devweb", ...STAFF],
  },
  {
    name: "BUT2 Promo in Anglais, whose rule allows only BUT1",
    body: { year: "BUT2", groupes: ["Promo"], matiere: "Anglais" },
    seenBy: STAFF,
  },
  {
    name: "BUT2 Promo in Atelier UX (a subject for group B and devweb only)",
    body: { year: "BUT2", groupes: ["Promo"], matiere: "Atelier UX" },
    seenBy: ["but2b-devweb", ...STAFF],
  },
  {
    name: "BUT2 Promo in Culture artistique, whose rule names group Promo (everyone)",
    body: { year: "BUT2", groupes: ["Promo"], matiere: "Culture artistique" },
    seenBy: ["chloe", "delegue-but2a", "but2a-creation", "but2a-prime", "but2b-devweb", ...STAFF],
  },
  {
    name: "BUT1 group A",
    body: { year: "BUT1", groupes: ["A"] },
    seenBy: ["but1a-devweb", ...STAFF],
  },
];

beforeAll(async () => {
  ctx = createTestApp();
  for (const [username, profile] of Object.entries(STUDENTS)) {
    people[username] = await ctx.user({ username, ...profile } as Parameters<TestContext["user"]>[0]);
  }
  const admin = people.admin!.token;
  await ctx.request("POST", "/api/subjects/rules", { token: admin, body: { subjectName: "Anglais", yearsAllowed: ["BUT1"] } });
  await ctx.request("POST", "/api/subjects/static-rules", {
    token: admin,
    body: { subjectName: "Culture artistique", groupsAllowed: ["Promo"] },
  });
  const created = await ctx.request("POST", "/api/subjects", {
    token: admin,
    body: { name: "Atelier UX", color: "#112233", groupsAllowed: ["B"], specialitesAllowed: ["devweb"] },
  });
  expect(created.status).toBe(201);
  for (const row of MATRIX) {
    taskIds[row.name] = (await createTask(ctx, people.prof!.token, { titre: row.name, ...row.body })).id;
  }
});
afterAll(() => ctx.close());

describe("visibility matrix", () => {
  for (const row of MATRIX) {
    it(`${row.name} is seen by exactly: ${row.seenBy.join(", ")}`, async () => {
      const seen: Person[] = [];
      for (const who of ALL) {
        if ((await visibleIds(ctx, people[who]!.token)).includes(taskIds[row.name]!)) seen.push(who);
      }
      expect(seen.sort()).toEqual([...row.seenBy].sort());
    });
  }

  it("a task one cannot see answers 404 on every task route", async () => {
    const id = taskIds["BUT2 group A devweb"]!;
    const token = people["but2b-devweb"]!.token;
    for (const [method, url] of [
      ["GET", `/api/events/${id}`],
      ["POST", `/api/events/${id}/check`],
      ["DELETE", `/api/events/${id}`],
      ["GET", `/api/events/${id}/attachments`],
      ["GET", `/api/events/${id}/my-submission`],
    ] as const) {
      const res = await ctx.request(method, url, { token });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it("a delegate sees what it published even for another group", async () => {
    const delegate = people["delegue-but2a"]!;
    const own = await createTask(ctx, delegate.token, { titre: "Pour le groupe B", year: "BUT2", groupes: ["B"] });
    expect(own.year).toBe("BUT2");
    expect(await visibleIds(ctx, delegate.token)).toContain(own.id);
    expect(await visibleIds(ctx, people.chloe!.token)).not.toContain(own.id);
    expect(await visibleIds(ctx, people["but2b-devweb"]!.token)).toContain(own.id);
  });

  it("subjects are filtered the same way; profs and admins see them all", async () => {
    const names = async (who: Person) =>
      (
        (await (await ctx.request("GET", "/api/subjects", { token: people[who]!.token })).json()) as { subjects: { name: string }[] }
      ).subjects.map((s) => s.name);
    expect(await names("chloe")).toEqual([]);
    expect(await names("but2b-devweb")).toEqual(["Atelier UX"]);
    expect(await names("prof")).toEqual(["Atelier UX"]);
  });
});
