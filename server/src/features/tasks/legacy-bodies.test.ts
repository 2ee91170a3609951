import { Elysia } from "elysia";
import { describe, expect, it } from "vitest";
import { legacyBody, legacyTransform } from "./legacy-bodies";

// The legacy adapter alone: every alias old clients send becomes the spec's name, the spec's
// name wins when both come, and anything else passes through as it came.
describe("legacyBody: task create and edit bodies", () => {
  const routes = [
    ["POST", "/api/events/"],
    ["PUT", "/api/events/:id"],
    ["POST", "/api/events/:id/update-self"],
  ] as const;
  for (const [method, route] of routes) {
    it(`${method} ${route}: title, subject, dueDate and "examen" become titre, matiere, date and "exam"`, () => {
      const body = { title: "Partiel", subject: "anglais", dueDate: "2026-11-25T00:00:00Z", type: "examen", heure: "14h30" };
      expect(legacyBody(method, route, body)).toEqual({
        titre: "Partiel",
        matiere: "anglais",
        date: "2026-11-25T00:00:00Z",
        type: "exam",
        heure: "14h30",
      });
    });
  }

  it("the spec's name wins over its alias, and the alias is dropped", () => {
    const body = { titre: "Vrai", title: "Alias", matiere: "Anglais", subject: "Ergonomie", date: "2026-01-02", dueDate: "2027-01-01" };
    expect(legacyBody("POST", "/api/events/", body)).toEqual({ titre: "Vrai", matiere: "Anglais", date: "2026-01-02" });
  });

  it("a null spec field keeps null (the schema refuses it, as it did) and the alias is dropped", () => {
    expect(legacyBody("PUT", "/api/events/:id", { titre: null, title: "Alias" })).toEqual({ titre: null });
  });

  it("spec names, other types and unknown extra fields pass through untouched", () => {
    const body = { titre: "T", type: "devoir", groupes: ["A"], couleur: "rouge" };
    expect(legacyBody("POST", "/api/events/", body)).toEqual(body);
    expect(legacyBody("PUT", "/api/events/:id", { type: "quiz" })).toEqual({ type: "quiz" });
  });

  it("does not change the body it was given", () => {
    const body = { title: "Partiel" };
    legacyBody("POST", "/api/events/", body);
    expect(body).toEqual({ title: "Partiel" });
  });
});

describe("legacyBody: set-groups and other routes", () => {
  it("set-groups: groupes becomes groups; groups wins when both come", () => {
    expect(legacyBody("POST", "/api/events/:id/set-groups", { groupes: ["A", "B"] })).toEqual({ groups: ["A", "B"] });
    expect(legacyBody("POST", "/api/events/:id/set-groups", { groups: ["A"], groupes: ["B"] })).toEqual({ groups: ["A"] });
  });

  it("routes without aliases, other methods and bodies that are not objects are returned as they came", () => {
    const body = { title: "Partiel", subject: "x" };
    expect(legacyBody("POST", "/api/personal-tasks", body)).toBe(body);
    expect(legacyBody("POST", "/api/contact", body)).toBe(body);
    expect(legacyBody("DELETE", "/api/events/:id", body)).toBe(body);
    expect(legacyBody("POST", "/api/events/:id/set-groups", { groups: ["A"], title: "x" })).toEqual({ groups: ["A"], title: "x" });
    for (const odd of [null, undefined, "texte", 3, [{ title: "x" }]]) expect(legacyBody("POST", "/api/events/", odd)).toBe(odd);
  });
});

describe("legacyTransform", () => {
  it("rewrites the body before the route's schema validates it, under the route's pattern", async () => {
    const { Type } = await import("@sinclair/typebox");
    // Mounted as the app mounts the task routes: /api, then /events, then "/".
    const events = new Elysia({ prefix: "/events" })
      .post("/", ({ body, route }) => ({ route, body }), {
        body: Type.Object({ titre: Type.String(), type: Type.Literal("exam") }),
        transform: legacyTransform,
      })
      .post("/:id/set-groups", ({ body }) => body, {
        body: Type.Object({ groups: Type.Array(Type.String()) }),
        transform: legacyTransform,
      });
    const app = new Elysia().use(new Elysia({ prefix: "/api" }).use(events));
    const post = (path: string, body: unknown) =>
      app.handle(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const created = await post("/api/events", { title: "Partiel", type: "examen" });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ route: "/api/events/", body: { titre: "Partiel", type: "exam" } });
    const grouped = await post("/api/events/t1/set-groups", { groupes: ["A"] });
    expect(await grouped.json()).toEqual({ groups: ["A"] });
  });
});
