import { describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_PREFS, reminderPrefsProblem, type ReminderPrefs } from "@planify/common/constants/reminders";
import { parisToUtc } from "@planify/common/time/paris-time";
import { digestWindow, dueLeads, isQuietNow, outOfQuietHours, plannedLeads } from "./plan";

const prefs = (over: Partial<ReminderPrefs> = {}): ReminderPrefs => ({ ...DEFAULT_REMINDER_PREFS, ...over });
const task = (date: string, heure: string, type: "devoir" | "exam" = "devoir") => ({
  id: "t",
  type,
  date,
  deadlineAt: parisToUtc(date, heure),
});
const iso = (ms: number) => new Date(ms).toISOString();

describe("reminder times in Paris, across both DST changes", () => {
  it("the evening before at 18:00 stays 18:00 Paris on each side of the autumn change (last Sunday of October)", () => {
    // 25 Oct 2026: 03:00 CEST becomes 02:00 CET.
    expect(iso(plannedLeads(task("2026-10-25", "10:00"), prefs())[0]!.at)).toBe("2026-10-24T16:00:00.000Z"); // CEST, UTC+2
    expect(iso(plannedLeads(task("2026-10-26", "08:30"), prefs())[0]!.at)).toBe("2026-10-25T17:00:00.000Z"); // CET, UTC+1
  });

  it("the evening before at 18:00 stays 18:00 Paris on each side of the spring change (last Sunday of March)", () => {
    // 28 Mar 2027: 02:00 CET becomes 03:00 CEST.
    expect(iso(plannedLeads(task("2027-03-28", "10:00"), prefs())[0]!.at)).toBe("2027-03-27T17:00:00.000Z");
    expect(iso(plannedLeads(task("2027-03-29", "08:30"), prefs())[0]!.at)).toBe("2027-03-28T16:00:00.000Z");
  });

  it("N hours before counts real hours through the change", () => {
    const p = prefs({ exam: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 3 }, quietStart: "23:30", quietEnd: "23:45" });
    // Sunday 25 Oct 2026 at 10:00 CET (09:00Z): 3 elapsed hours before is 06:00Z, i.e. 07:00 CET.
    const [lead] = plannedLeads(task("2026-10-25", "10:00", "exam"), p);
    expect(lead).toMatchObject({ lead: "h3", at: Date.parse("2026-10-25T06:00:00Z") });
    // Sunday 28 Mar 2027 at 10:00 CEST (08:00Z): 3 h before is 05:00Z, i.e. 06:00 CEST (only 4 h of wall clock after midnight).
    expect(plannedLeads(task("2027-03-28", "10:00", "exam"), p)[0]!.at).toBe(Date.parse("2027-03-28T05:00:00Z"));
  });

  it("homework and exams keep their own lead times", () => {
    const p = prefs({
      devoir: { eveningBefore: true, eveningTime: "19:30", hoursBefore: 0 },
      exam: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 2 },
    });
    expect(plannedLeads(task("2026-11-20", "08:00"), p).map((l) => l.lead)).toEqual(["veille"]);
    expect(plannedLeads(task("2026-11-20", "14:00", "exam"), p).map((l) => [l.lead, iso(l.at)])).toEqual([
      ["h2", "2026-11-20T11:00:00.000Z"],
    ]);
  });
});

describe("quiet hours (22:00–07:00 Paris by default)", () => {
  it("a reminder due at 23:00 goes out at 07:00 the next morning", () => {
    const at = parisToUtc("2026-11-19", "23:00");
    expect(iso(outOfQuietHours(at, prefs(), parisToUtc("2026-11-20", "09:00")))).toBe(iso(parisToUtc("2026-11-20", "07:00")));
    // 10 hours before a 09:00 deadline is 23:00: due, but only once the quiet hours end.
    const p = prefs({ devoir: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 10 } });
    const t = task("2026-11-20", "09:00");
    expect(dueLeads(t, p, parisToUtc("2026-11-19", "23:00"))).toEqual([]);
    expect(dueLeads(t, p, parisToUtc("2026-11-20", "06:59"))).toEqual([]);
    expect(dueLeads(t, p, parisToUtc("2026-11-20", "07:00"))).toHaveLength(1);
  });

  it("the end of the quiet hours is 07:00 Paris on both DST nights", () => {
    expect(iso(outOfQuietHours(parisToUtc("2026-10-24", "23:00"), prefs(), Infinity))).toBe("2026-10-25T06:00:00.000Z"); // CET morning
    expect(iso(outOfQuietHours(parisToUtc("2027-03-27", "23:00"), prefs(), Infinity))).toBe("2027-03-28T05:00:00.000Z"); // CEST morning
    expect(iso(outOfQuietHours(parisToUtc("2027-03-28", "01:30"), prefs(), Infinity))).toBe("2027-03-28T05:00:00.000Z");
  });

  it("when the quiet hours end after the deadline, the reminder goes just before they began", () => {
    // Deadline 06:00; 2 h before is 04:00, in the quiet hours that end at 07:00: sent at 21:59 the evening before.
    const p = prefs({ devoir: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 2 } });
    const [lead] = plannedLeads(task("2026-11-20", "06:00"), p);
    expect(iso(lead!.dueAt)).toBe(iso(parisToUtc("2026-11-19", "21:59")));
  });

  it("knows when nothing may be sent, and works for quiet hours inside one day", () => {
    expect(isQuietNow(parisToUtc("2026-11-19", "22:00"), prefs())).toBe(true);
    expect(isQuietNow(parisToUtc("2026-11-19", "06:59"), prefs())).toBe(true);
    expect(isQuietNow(parisToUtc("2026-11-19", "07:00"), prefs())).toBe(false);
    const lunch = { quietStart: "12:00", quietEnd: "14:00" };
    expect(iso(outOfQuietHours(parisToUtc("2026-11-19", "12:30"), lunch, Infinity))).toBe(iso(parisToUtc("2026-11-19", "14:00")));
  });

  it("the digest of a day lists what is due by the end of the next day, from the digest hour on", () => {
    expect(digestWindow(parisToUtc("2026-11-19", "18:00"), "18:00")).toEqual({
      day: "2026-11-19",
      until: parisToUtc("2026-11-21", "00:00"),
    });
    expect(digestWindow(parisToUtc("2026-11-19", "17:59"), "18:00").day).toBe("2026-11-18");
  });
});

describe("preference checks (shared with the form)", () => {
  it("explains each wrong input in French", () => {
    expect(reminderPrefsProblem(prefs())).toBeNull();
    expect(reminderPrefsProblem(prefs({ quietStart: "25:00" }))).toBe(
      "Le début des heures de silence : indiquez une heure au format HH:MM (par exemple 18:00).",
    );
    expect(reminderPrefsProblem(prefs({ devoir: { eveningBefore: true, eveningTime: "23:00", hoursBefore: 0 } }))).toBe(
      "L'heure de la veille (devoirs) (23:00) tombe pendant les heures de silence : choisissez une autre heure.",
    );
    expect(reminderPrefsProblem(prefs({ quietStart: "07:00", quietEnd: "07:00" }))).toMatch(/différentes/);
    expect(reminderPrefsProblem(prefs({ email: "pas-une-adresse" }))).toMatch(/^Adresse e-mail invalide/);
    const none = { eveningBefore: false, eveningTime: "18:00", hoursBefore: 0 };
    expect(reminderPrefsProblem(prefs({ devoir: none, exam: none }))).toMatch(/au moins un rappel/);
    expect(reminderPrefsProblem(prefs({ devoir: none, exam: none, digest: true }))).toBeNull();
  });
});
