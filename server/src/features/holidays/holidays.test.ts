import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Holiday, HolidayImportResponse } from "@planify/common/schemas/holidays";
import {
  appPerFile,
  createActors,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
} from "../../../test/helpers";
import { adminJournal } from "../../db/schema";

const FIXTURE = readFileSync(join(import.meta.dirname, "../../../test/fixtures/calendrier-scolaire-zone-a.ics"), "utf8");
const ADMIN_ONLY = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 } as const;
const SIGNED_IN = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 } as const;
const TOUSSAINT = { label: "Vacances de la Toussaint", firstDay: "2026-10-17", lastDay: "2026-11-01" };

const app = appPerFile();
const table: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/holidays" }, SIGNED_IN, "every signed-in user reads the holidays", {
    200: { success: true, holidays: [] },
  }),
  ...everyActor({ method: "POST", url: "/api/holidays", body: TOUSSAINT }, { ...ADMIN_ONLY, admin: 201 }, "only admins add a period", {
    403: { code: "FORBIDDEN" },
    201: { message: "Période de vacances ajoutée.", holiday: { ...TOUSSAINT, source: "manuel", schoolYear: "2026-2027" } },
  }),
  {
    name: "the same period twice is refused",
    method: "POST",
    url: "/api/holidays",
    as: "admin",
    body: TOUSSAINT,
    status: 409,
    expect: { message: "Cette période existe déjà (même nom, mêmes dates)." },
  },
  {
    name: "last day before the first",
    method: "POST",
    url: "/api/holidays",
    as: "admin",
    body: { ...TOUSSAINT, lastDay: "2026-10-01" },
    status: 400,
    expect: { code: "BAD_REQUEST", message: "Le dernier jour doit être le même que le premier ou après lui." },
  },
  {
    name: "not a date",
    method: "POST",
    url: "/api/holidays",
    as: "admin",
    body: { ...TOUSSAINT, firstDay: "2026-02-30" },
    status: 400,
    expect: { message: "Premier jour : indiquez une date valide (jj/mm/aaaa)." },
  },
  ...everyActor(
    { method: "POST", url: "/api/holidays/import", body: { ics: FIXTURE, apply: false } },
    ADMIN_ONLY,
    "only admins import (preview here)",
    { 200: { applied: false, schoolYears: ["2025-2026", "2026-2027"] } },
  ),
  ...everyActor({ method: "PUT", url: "/api/holidays/nope", body: TOUSSAINT }, { ...ADMIN_ONLY, admin: 404 }, "only admins edit", {
    404: { message: "Période de vacances introuvable : elle a peut-être déjà été supprimée." },
  }),
  ...everyActor({ method: "DELETE", url: "/api/holidays/nope" }, { ...ADMIN_ONLY, admin: 404 }, "only admins delete", {
    404: { code: "NOT_FOUND" },
  }),
];
describe("holiday routes by role", () => scenarioTests(table, () => app));

describe("importing the zone's calendar (.ics)", () => {
  let ctx: TestContext;
  let a: Actors;
  const list = async () =>
    ((await (await ctx.request("GET", "/api/holidays", { token: a.eleve.token })).json()) as { holidays: Holiday[] }).holidays;
  const importIcs = (body: Record<string, unknown>) => ctx.request("POST", "/api/holidays/import", { token: a.admin.token, body });
  const journal = async () => (await ctx.deps.db.select().from(adminJournal)).filter((e) => e.action.startsWith("holidays."));
  beforeAll(async () => {
    ctx = createTestApp();
    a = await createActors(ctx);
  });

  it("previews the exact periods of the chosen year (DTEND exclusive, duplicates and non-holidays ignored) without writing", async () => {
    const res = await importIcs({ ics: FIXTURE, schoolYears: ["2026-2027"], apply: false });
    expect(res.status).toBe(200);
    const body = (await res.json()) as HolidayImportResponse;
    expect(body.periods).toEqual([
      { label: "Vacances de la Toussaint", firstDay: "2026-10-17", lastDay: "2026-11-01", schoolYear: "2026-2027" },
      { label: "Vacances de Noël", firstDay: "2026-12-19", lastDay: "2027-01-03", schoolYear: "2026-2027" },
      { label: "Vacances d'Hiver", firstDay: "2027-02-13", lastDay: "2027-02-28", schoolYear: "2026-2027" },
      { label: "Vacances de Printemps", firstDay: "2027-04-10", lastDay: "2027-04-25", schoolYear: "2026-2027" },
    ]);
    expect(body).toMatchObject({ applied: false, replaced: 0 });
    expect(await list()).toEqual([]);
  });

  it("replaces the imported periods of that year, keeps the typed ones and the other years, journals it", async () => {
    const typed = await ctx.request("POST", "/api/holidays", {
      token: a.admin.token,
      body: { label: "Pont de l'Armistice", firstDay: "2026-11-11", lastDay: "2026-11-11" },
    });
    expect(typed.status).toBe(201);
    expect((await importIcs({ ics: FIXTURE, apply: true })).status).toBe(200);
    expect((await list()).length).toBe(9);
    // A second import of one year replaces only its four imported periods.
    const again = await importIcs({ ics: FIXTURE, schoolYears: ["2026-2027"], apply: true });
    expect(await again.json()).toMatchObject({
      applied: true,
      replaced: 4,
      message: "4 périodes importées (4 anciennes périodes importées remplacées).",
    });
    const after = await list();
    expect(after.map((h) => `${h.source} ${h.firstDay} ${h.lastDay} ${h.label}`)).toEqual([
      "ics 2025-10-18 2025-11-02 Vacances de la Toussaint",
      "ics 2025-12-20 2026-01-04 Vacances de Noël",
      "ics 2026-02-07 2026-02-22 Vacances d'Hiver",
      "ics 2026-04-04 2026-04-19 Vacances de Printemps",
      "ics 2026-10-17 2026-11-01 Vacances de la Toussaint",
      "manuel 2026-11-11 2026-11-11 Pont de l'Armistice",
      "ics 2026-12-19 2027-01-03 Vacances de Noël",
      "ics 2027-02-13 2027-02-28 Vacances d'Hiver",
      "ics 2027-04-10 2027-04-25 Vacances de Printemps",
    ]);
    expect((await journal()).map((e) => e.action)).toEqual(["holidays.create", "holidays.import", "holidays.import"]);
  });

  it.each([
    ["a web page", "<!doctype html><p>Connexion</p>", "Ce fichier n'est pas un calendrier iCalendar (.ics) lisible"],
    ["a truncated calendar", FIXTURE.slice(0, 600), "Ce fichier n'est pas un calendrier iCalendar (.ics) lisible"],
    [
      "a timetable (no holidays)",
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20261019T080000\r\nDTEND:20261019T100000\r\nSUMMARY:TD Algorithmique\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      "Aucune période de vacances dans ce calendrier",
    ],
    [
      "two zones mixed",
      `${FIXTURE.replace("END:VCALENDAR\r\n", "")}BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20270220\r\nDTEND;VALUE=DATE:20270308\r\nSUMMARY:Vacances d'Hiver - Zone B\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
      "Ce fichier mélange plusieurs zones (A, B)",
    ],
  ])("refuses %s with a French message and changes nothing", async (_what, ics, message) => {
    const before = await list();
    const entries = (await journal()).length;
    const res = await importIcs({ ics, apply: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
    expect(await list()).toEqual(before);
    expect((await journal()).length).toBe(entries);
  });

  it("refuses a file over the limit with its message (413 before reading it)", async () => {
    const res = await importIcs({ ics: FIXTURE.repeat(200), apply: true });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Fichier .ics trop volumineux (400 000 caractères au plus) : prenez le calendrier d'une seule zone.",
    );
  });

  it("an edited imported period becomes typed (an import keeps it); a deleted one is gone, both journaled", async () => {
    const noel = (await list()).find((h) => h.firstDay === "2026-12-19")!;
    const edit = await ctx.request("PUT", `/api/holidays/${noel.id}`, {
      token: a.admin.token,
      body: { label: "Vacances de Noël", firstDay: "2026-12-18", lastDay: "2027-01-03" },
    });
    expect(await edit.json()).toMatchObject({
      message: "Période de vacances modifiée.",
      holiday: { source: "manuel", firstDay: "2026-12-18" },
    });
    await importIcs({ ics: FIXTURE, schoolYears: ["2026-2027"], apply: true });
    const noels = (await list()).filter((h) => h.label === "Vacances de Noël" && h.schoolYear === "2026-2027");
    expect(noels.map((h) => `${h.source} ${h.firstDay}`)).toEqual(["manuel 2026-12-18", "ics 2026-12-19"]);
    const del = await ctx.request("DELETE", `/api/holidays/${noel.id}`, { token: a.admin.token });
    expect(await del.json()).toMatchObject({ message: "Période de vacances supprimée." });
    expect((await list()).some((h) => h.id === noel.id)).toBe(false);
    expect((await journal()).map((e) => e.action).slice(-3)).toEqual(["holidays.update", "holidays.import", "holidays.delete"]);
  });
});
