import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFeedPath } from "@planify/common/constants/calendar";
import { appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";
import { createTask } from "../tasks/test-support";
import { descriptionText } from "./service";
import { foldLine, writeCalendar } from "./ics";

const app = appPerFile();
const ME = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 } as const;
const feedUrl = /^http:\/\/localhost\/api\/calendar\/[A-Za-z0-9]{32}\.ics$/;

const table: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/calendar/me" }, ME, "each account has its own secret address", {
    401: { code: "UNAUTHORIZED" },
    200: (json) => {
      const { url, webcalUrl } = json as { url: string; webcalUrl: string };
      expect(url).toMatch(feedUrl);
      expect(webcalUrl).toBe(url.replace("http:", "webcal:"));
    },
  }),
  ...everyActor({ method: "POST", url: "/api/calendar/me/regenerate" }, ME, "anyone signed in can replace their address", {
    401: { code: "UNAUTHORIZED" },
    200: { success: true, message: "Nouveau lien créé : l'ancien ne fonctionne plus." },
  }),
  ...everyActor(
    { method: "GET", url: `/api/calendar/${"A".repeat(32)}.ics` },
    { guest: 404, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "a made-up secret finds nothing, session or not",
    {
      404: { success: false, code: "NOT_FOUND", message: "Calendrier introuvable : le lien a peut-être été régénéré." },
    },
  ),
  { name: "a path that is no secret", method: "GET", url: "/api/calendar/..%2F..%2Fetc.ics", as: "guest", status: 404 },
];

describe("calendar feed routes", () => scenarioTests(table, () => app));

async function feedOf(token: string): Promise<{ url: string; path: string }> {
  const res = await app.ctx.request("GET", "/api/calendar/me", { token });
  const { url } = (await res.json()) as { url: string };
  return { url, path: new URL(url).pathname };
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  startUtc: string;
  endUtc: string;
  tzid: string | null;
  url: string;
}

/** Parses a feed with ical.js, registering its own VTIMEZONE, and returns the events in UTC. */
function parse(text: string): ParsedEvent[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      startUtc: e.startDate.toJSDate().toISOString(),
      endUtc: e.endDate.toJSDate().toISOString(),
      tzid: e.startDate.zone?.tzid ?? null,
      url: String(v.getFirstPropertyValue("url")),
    };
  });
}

describe("the iCalendar feed", () => {
  it("lists the tasks the student sees, in Paris time across both DST changes, read by a real parser", async () => {
    const { delegue, eleve, prof } = app.actors;
    const before = await createTask(app.ctx, delegue.token, { titre: "Veille de l'heure d'hiver", date: "2026-10-24", heure: "18:00" });
    const after = await createTask(app.ctx, delegue.token, { titre: "Lendemain de l'heure d'hiver", date: "2026-10-26", heure: "18:00" });
    const spring = await createTask(app.ctx, delegue.token, { titre: "Veille de l'heure d'été", date: "2027-03-27", heure: "18:00" });
    const summer = await createTask(app.ctx, delegue.token, {
      titre: 'Partiel; algo, "tri"',
      type: "exam",
      date: "2027-03-29",
      heure: "08:30",
      durationMinutes: 120,
      description: "<p>Salle B12 &amp; calculatrice</p><p>Ligne 2</p>",
    });
    const otherGroup = await createTask(app.ctx, delegue.token, { titre: "Groupe B seulement", groupes: ["B"], groupe: "B" });

    const res = await app.ctx.request("GET", (await feedOf(eleve.token)).path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris");
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    const events = parse(text);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.has(`${otherGroup.id}@planify`)).toBe(false);
    // CEST (UTC+2) the day before the October change, CET (UTC+1) the day after; the reverse in March.
    expect(byUid.get(`${before.id}@planify`)).toMatchObject({ startUtc: "2026-10-24T16:00:00.000Z", tzid: "Europe/Paris" });
    expect(byUid.get(`${after.id}@planify`)?.startUtc).toBe("2026-10-26T17:00:00.000Z");
    expect(byUid.get(`${spring.id}@planify`)?.startUtc).toBe("2027-03-27T17:00:00.000Z");
    const exam = byUid.get(`${summer.id}@planify`)!;
    expect(exam).toMatchObject({ startUtc: "2027-03-29T06:30:00.000Z", endUtc: "2027-03-29T08:30:00.000Z" });
    expect(exam.summary).toBe('Examen · Développement web : Partiel; algo, "tri"');
    expect(exam.description).toContain("Salle B12 & calculatrice\nLigne 2");
    expect(exam.url).toBe(`http://localhost/devoirs?tache=${summer.id}`);
    expect(byUid.get(`${before.id}@planify`)?.summary).toBe("À rendre · Développement web : Veille de l'heure d'hiver");

    // A professor sees every task, the other group's too.
    const profEvents = parse(await (await app.ctx.request("GET", (await feedOf(prof.token)).path)).text());
    expect(profEvents.map((e) => e.uid)).toContain(`${otherGroup.id}@planify`);
  });

  it("marks checked tasks and leaves hidden ones out", async () => {
    const { delegue, etudiant } = app.actors;
    const done = await createTask(app.ctx, delegue.token, { titre: "Fait" });
    const gone = await createTask(app.ctx, delegue.token, { titre: "Masqué" });
    expect((await app.ctx.request("POST", `/api/events/${done.id}/check`, { token: etudiant.token })).status).toBe(200);
    expect((await app.ctx.request("DELETE", `/api/events/${gone.id}`, { token: etudiant.token })).status).toBe(200);
    const events = parse(await (await app.ctx.request("GET", (await feedOf(etudiant.token)).path)).text());
    expect(events.find((e) => e.uid === `${done.id}@planify`)?.summary).toBe("✓ À rendre · Développement web : Fait");
    expect(events.some((e) => e.uid === `${gone.id}@planify`)).toBe(false);
  });

  it("keeps one address until it is regenerated; the old one then stops at once", async () => {
    const { eleve } = app.actors;
    const first = await feedOf(eleve.token);
    expect((await feedOf(eleve.token)).url).toBe(first.url);
    const regen = (await (await app.ctx.request("POST", "/api/calendar/me/regenerate", { token: eleve.token })).json()) as { url: string };
    expect(regen.url).not.toBe(first.url);
    expect((await feedOf(eleve.token)).url).toBe(regen.url);
    expect((await app.ctx.request("GET", first.path)).status).toBe(404);
    expect((await app.ctx.request("GET", new URL(regen.url).pathname)).status).toBe(200);
    expect(calendarFeedPath("x")).toBe("/api/calendar/x.ics");
  });

  it("stops with the account: a deleted user's address answers 404", async () => {
    const gone = await app.ctx.user({ role: "eleve", username: "parti" });
    const { path } = await feedOf(gone.token);
    expect((await app.ctx.request("GET", path)).status).toBe(200);
    expect((await app.ctx.request("DELETE", `/api/users/${gone.id}`, { token: app.actors.admin.token })).status).toBe(200);
    expect((await app.ctx.request("GET", path)).status).toBe(404);
  });
});

describe("iCalendar text", () => {
  it("folds long lines without splitting a character", () => {
    const line = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n ");
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join("")).toBe(line);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
  });

  it("escapes , ; \\ and newlines and folds a long accented description: ical.js reads back exactly what went in", () => {
    const summary = "Partiel, algo; tri \\ fusion\nSalle B12\r\nAmphi";
    const description = `Révisions : ${"élève à côté, ".repeat(12)}fin.\nDeuxième ligne ; dernière.`;
    const text = writeCalendar("Planify – élève", 60, [
      {
        uid: "t1@planify",
        stamp: Date.parse("2026-11-27T10:00:00Z"),
        date: "2026-10-25",
        time: "09:00",
        durationMinutes: 90,
        summary,
        description,
        categories: ["Examen", "Maths, algo"],
        url: "http://localhost/devoirs?tache=t1",
      },
    ]);
    expect(text).toContain("SUMMARY:Partiel\\, algo\\; tri \\\\ fusion\\nSalle B12\\nAmphi\r\n");
    expect(text).toContain("CATEGORIES:Examen,Maths\\, algo\r\n");
    const lines = text.split("\r\n");
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const descriptionAt = lines.findIndex((line) => line.startsWith("DESCRIPTION:"));
    expect(lines[descriptionAt + 1]).toMatch(/^ /);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const [event] = parse(text);
    expect(event).toMatchObject({ uid: "t1@planify", summary: summary.replace("\r\n", "\n"), description, tzid: "Europe/Paris" });
    expect(event).toMatchObject({ startUtc: "2026-10-25T08:00:00.000Z", endUtc: "2026-10-25T09:30:00.000Z" });
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstProperty("categories")!.getValues()).toEqual(["Examen", "Maths, algo"]);
  });

  it("turns a rich description into plain lines", () => {
    expect(descriptionText("<h2>Consignes</h2><ul><li>Lire &lt;chap. 3&gt;</li><li>Résumer</li></ul><p>A<br>B</p>")).toBe(
      "Consignes\nLire <chap. 3>\nRésumer\nA\nB",
    );
  });
});
