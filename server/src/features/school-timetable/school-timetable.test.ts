import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lesson } from "@planify/common/schemas/school-timetable";
import { appPerFile, createTestApp, everyActor, scenarioTests, type Scenario, type TestContext } from "../../../test/helpers";
import { isPrivateAddress, parseCalendarUrl } from "./fetch-calendar";

// A calendar server on loopback, as a school's ADE export would answer.
const VTZ =
  "BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\nDTSTART:19701025T030000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE";
const ics = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ADE//FR\r\n${VTZ}\r\n${events.join("\r\n")}\r\nEND:VCALENDAR\r\n`;
const WEEKLY = [
  "BEGIN:VEVENT",
  "UID:algo-td@ade",
  "DTSTAMP:20260901T000000Z",
  "DTSTART;TZID=Europe/Paris:20261019T080000",
  "DTEND;TZID=Europe/Paris:20261019T100000",
  "RRULE:FREQ=WEEKLY;COUNT=6",
  "EXDATE;TZID=Europe/Paris:20261102T080000",
  "SUMMARY:TD Algorithmique <script>alert(1)</script>",
  "LOCATION:Salle B12",
  "DESCRIPTION:Groupe A\\nM. Durand",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:algo-td@ade",
  "DTSTAMP:20260901T000000Z",
  "RECURRENCE-ID;TZID=Europe/Paris:20261109T080000",
  "DTSTART;TZID=Europe/Paris:20261109T140000",
  "DTEND;TZID=Europe/Paris:20261109T160000",
  "SUMMARY:TD Algorithmique (déplacé)",
  "LOCATION:Amphi 1",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:cancelled@ade",
  "DTSTAMP:20260901T000000Z",
  "DTSTART;TZID=Europe/Paris:20261020T090000",
  "DTEND;TZID=Europe/Paris:20261020T100000",
  "STATUS:CANCELLED",
  "SUMMARY:Annulé",
  "END:VEVENT",
].join("\r\n");
const FLOATING = [
  "BEGIN:VEVENT",
  "UID:own@perso",
  "DTSTAMP:20260901T000000Z",
  "DTSTART:20261117T183000",
  "DTEND:20261117T200000",
  "SUMMARY:Entraînement",
  "END:VEVENT",
].join("\r\n");

let schoolVersion = "first";
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const path = new URL(req.url).pathname;
    const cal = (body: string) => new Response(body, { headers: { "content-type": "text/calendar" } });
    if (path === "/school.ics") return cal(schoolVersion === "first" ? ics(WEEKLY) : ics(WEEKLY.replaceAll("Salle B12", "Salle C03")));
    if (path === "/perso.ics") return cal(ics(FLOATING));
    if (path === "/moved") return new Response(null, { status: 302, headers: { location: "/school.ics" } });
    if (path === "/page.html") return new Response("<!doctype html><p>Connexion</p>", { headers: { "content-type": "text/html" } });
    if (path === "/huge.ics") return cal(`BEGIN:VCALENDAR\r\n${"X-PAD:".padEnd(1000, "x")}\r\n`.repeat(6_000));
    return new Response("absent", { status: 404 });
  },
});
const base = `http://127.0.0.1:${server.port}`;
afterAll(() => server.stop(true));

const app = appPerFile();
const ADMIN_ONLY = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 } as const;
const SIGNED_IN = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 } as const;
const WEEK = "from=2026-10-19&to=2026-10-25";

const table: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/school-timetable/sources" }, SIGNED_IN, "each account reads its own sources", {
    200: { success: true, mine: null, hasClassTimetable: false },
  }),
  ...everyActor({ method: "GET", url: "/api/school-timetable/classes" }, ADMIN_ONLY, "only admins list class addresses", {
    403: { code: "FORBIDDEN" },
    200: { classes: [] },
  }),
  ...everyActor(
    { method: "PUT", url: "/api/school-timetable/classes", body: { year: "BUT1", groupe: "A", url: `${base}/school.ics` } },
    ADMIN_ONLY,
    "only admins set a class timetable (loopback allowed for them)",
    {
      200: { success: true, classes: [{ year: "BUT1", groupe: "A", url: `${base}/school.ics` }] },
    },
  ),
  ...everyActor({ method: "GET", url: `/api/school-timetable/lessons?${WEEK}` }, SIGNED_IN, "lessons of one's class only", {
    200: { success: true, problems: [] },
  }),
  ...everyActor(
    { method: "PUT", url: "/api/school-timetable/mine", body: { url: `${base}/perso.ics` } },
    { ...SIGNED_IN, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
    "a student's own address may not reach a private network",
    {
      400: {
        code: "BAD_REQUEST",
        message: "Adresse refusée : elle mène à un réseau privé. Demandez à l'administration de l'ajouter pour votre classe.",
      },
    },
  ),
  ...everyActor(
    { method: "DELETE", url: "/api/school-timetable/classes?year=BUT1&groupe=A" },
    { ...ADMIN_ONLY, admin: 200 },
    "only admins remove a class timetable",
    { 200: { message: "Emploi du temps retiré." } },
  ),
  {
    name: "nothing left to remove",
    method: "DELETE",
    url: "/api/school-timetable/classes?year=BUT1&groupe=A",
    as: "admin",
    status: 404,
    expect: { message: "Aucun emploi du temps pour cette classe." },
  },
  ...everyActor({ method: "DELETE", url: "/api/school-timetable/mine" }, SIGNED_IN, "removing one's own address is always fine", {
    200: { message: "Emploi du temps retiré." },
  }),
];
describe("school timetable routes", () => scenarioTests(table, () => app));

async function lessons(ctx: TestContext, token: string, from: string, to: string): Promise<{ lessons: Lesson[]; problems: string[] }> {
  const res = await ctx.request("GET", `/api/school-timetable/lessons?from=${from}&to=${to}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { lessons: Lesson[]; problems: string[] };
}

describe("a class timetable from the school's calendar", () => {
  let ctx: TestContext;
  let admin: string;
  let student: string;
  let other: string;
  beforeAll(async () => {
    ctx = createTestApp();
    admin = (await ctx.user({ role: "admin" })).token;
    student = (await ctx.user({ role: "eleve", year: "BUT1", groupe: "A" })).token;
    other = (await ctx.user({ role: "eleve", year: "BUT2", groupe: "A" })).token;
    const set = await ctx.request("PUT", "/api/school-timetable/classes", {
      token: admin,
      body: { year: "BUT1", groupe: "Promo", url: `${base}/moved` },
    });
    expect(set.status).toBe(200);
  });
  afterAll(() => ctx.close());

  it("expands weekly lessons in Paris time across the October change, without the removed, cancelled or moved dates", async () => {
    const before = await lessons(ctx, student, "2026-10-19", "2026-10-25");
    expect(before.lessons.map((l) => [l.title, l.start, l.end, l.location, l.source])).toEqual([
      ["TD Algorithmique <script>alert(1)</script>", "2026-10-19T06:00:00.000Z", "2026-10-19T08:00:00.000Z", "Salle B12", "class"],
    ]);
    expect(before.lessons[0]!.description).toBe("Groupe A\nM. Durand");
    // After the change to winter time, 08:00 in Paris is 07:00 UTC.
    expect((await lessons(ctx, student, "2026-10-26", "2026-11-01")).lessons.map((l) => l.start)).toEqual(["2026-10-26T07:00:00.000Z"]);
    expect((await lessons(ctx, student, "2026-11-02", "2026-11-08")).lessons).toEqual([]);
    const moved = (await lessons(ctx, student, "2026-11-09", "2026-11-15")).lessons;
    expect(moved.map((l) => [l.title, l.start, l.location])).toEqual([
      ["TD Algorithmique (déplacé)", "2026-11-09T13:00:00.000Z", "Amphi 1"],
    ]);
    expect((await lessons(ctx, other, "2026-10-19", "2026-10-25")).lessons).toEqual([]);
    expect(await (await ctx.request("GET", "/api/school-timetable/sources", { token: student })).json()).toEqual({
      success: true,
      mine: null,
      hasClassTimetable: true,
    });
  });

  it("reads the calendar again after an hour, and keeps the last good copy when the school's server fails", async () => {
    schoolVersion = "second";
    expect((await lessons(ctx, student, "2026-10-19", "2026-10-25")).lessons[0]!.location).toBe("Salle B12");
    ctx.clock.now += 61 * 60_000;
    expect((await lessons(ctx, student, "2026-10-19", "2026-10-25")).lessons[0]!.location).toBe("Salle C03");
    schoolVersion = "first";
  });

  it("refuses a span of more than six weeks", async () => {
    const res = await ctx.request("GET", "/api/school-timetable/lessons?from=2026-09-01&to=2026-12-31", { token: student });
    expect(res.status).toBe(400);
    // Exactly six weeks across the October clock change is fine; one day more is not; nor a span ending before it starts.
    expect((await ctx.request("GET", "/api/school-timetable/lessons?from=2026-10-19&to=2026-11-29", { token: student })).status).toBe(200);
    expect((await ctx.request("GET", "/api/school-timetable/lessons?from=2026-10-19&to=2026-11-30", { token: student })).status).toBe(400);
    expect((await ctx.request("GET", "/api/school-timetable/lessons?from=2026-10-19&to=2026-10-18", { token: student })).status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Période invalide (6 semaines au plus)." });
  });
});

describe("a student's own calendar", () => {
  let ctx: TestContext;
  let student: string;
  beforeAll(async () => {
    ctx = createTestApp({
      settings: {
        trustProxy: false,
        maxUploadBytes: 1024,
        publicUrl: null,
        contactTo: null,
        version: "test",
        allowPrivateCalendarHosts: true,
      },
    });
    student = (await ctx.user({ role: "eleve" })).token;
  });
  afterAll(() => ctx.close());

  it.each([
    ["ftp://example.org/cal.ics", "Adresse invalide : elle doit commencer par https:// ou http://."],
    ["pas une adresse", "Adresse invalide : elle doit commencer par https:// ou http://."],
    [`${base}/page.html`, "Ce lien ne donne pas un calendrier iCalendar (.ics)."],
    [`${base}/absent.ics`, "Calendrier injoignable : vérifiez l'adresse ou réessayez plus tard."],
    [`${base}/huge.ics`, "Calendrier trop volumineux (5 Mo au plus)."],
    ["http://127.0.0.1:1/cal.ics", "Calendrier injoignable : vérifiez l'adresse ou réessayez plus tard."],
  ])("refuses %s with a French reason and keeps nothing", async (url, message) => {
    const res = await ctx.request("PUT", "/api/school-timetable/mine", { token: student, body: { url } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", message });
    expect(await (await ctx.request("GET", "/api/school-timetable/sources", { token: student })).json()).toMatchObject({ mine: null });
  });

  it("saves an address that reads as a calendar; floating times are Paris times", async () => {
    const res = await ctx.request("PUT", "/api/school-timetable/mine", { token: student, body: { url: ` ${base}/perso.ics ` } });
    expect(await res.json()).toEqual({ success: true, message: "Emploi du temps enregistré." });
    expect(await (await ctx.request("GET", "/api/school-timetable/sources", { token: student })).json()).toMatchObject({
      mine: `${base}/perso.ics`,
    });
    const week = await lessons(ctx, student, "2026-11-16", "2026-11-22");
    expect(week.lessons.map((l) => [l.title, l.start, l.end, l.source])).toEqual([
      ["Entraînement", "2026-11-17T17:30:00.000Z", "2026-11-17T19:00:00.000Z", "mine"],
    ]);
  });

  it("reads webcal:// as https://", () => {
    expect(parseCalendarUrl("webcal://ade.example.fr/cal.ics").href).toBe("https://ade.example.fr/cal.ics");
  });
});

describe("private addresses", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.2.3.4", true],
    ["172.16.0.1", true],
    ["172.32.0.1", false],
    ["192.168.1.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["8.8.8.8", false],
    ["::1", true],
    ["fd00::1", true],
    ["fe80::1", true],
    ["::ffff:10.0.0.1", true],
    ["2001:4860:4860::8888", false],
  ])("%s private: %s", (ip, expected) => expect(isPrivateAddress(ip)).toBe(expected));
});
