import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { HOLIDAY_MESSAGES as M } from "@planify/common/constants/holidays";
import type { Holiday, HolidayImportResponse } from "@planify/common/schemas/holidays";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { AdminHolidaysPanel } from "./admin-holidays-panel";

// « Importer le calendrier de la zone »: the .ics is read in the browser, the server's preview is
// shown with its count, a refusal is shown in French with nothing replaced, then the import.
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const ICS = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Vacances de la Toussaint\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const alertText = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent).join(" | ");
const preview = document.querySelector.bind(document, '[aria-label="Aperçu de l\'import"]');

const manual: Holiday = {
  id: "m1",
  label: "Pont de l'Ascension",
  firstDay: "2027-05-06",
  lastDay: "2027-05-09",
  source: "manuel",
  schoolYear: "2026-2027",
};
const periods: HolidayImportResponse["periods"] = [
  { label: "Vacances de la Toussaint", firstDay: "2026-10-17", lastDay: "2026-11-01", schoolYear: "2026-2027" },
  { label: "Vacances de Noël", firstDay: "2026-12-19", lastDay: "2027-01-03", schoolYear: "2026-2027" },
  { label: "Vacances de la Toussaint", firstDay: "2027-10-23", lastDay: "2027-11-07", schoolYear: "2027-2028" },
];

async function open(importRoute: (body: { ics: string; apply: boolean; schoolYears?: string[] }) => Response) {
  signIn({ role: "admin", isAdmin: true });
  const list: Holiday[] = [manual];
  const stub = routeFetch({
    "GET /holidays": () => json(200, { success: true, holidays: list }),
    "POST /holidays/import": (init) => importRoute(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminHolidaysPanel />);
  await settle();
  return { ...stub, list };
}

/** Chooses a file in « Calendrier scolaire de la zone (.ics) » as the browser hands it over. */
async function choose(text: string, name = "zone-b.ics") {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, "files", { configurable: true, value: [new File([text], name, { type: "text/calendar" })] });
  await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
  await settle();
}

describe("« Importer le calendrier de la zone »", () => {
  it("reads the file, previews its periods with their count, imports the years kept and says what it did", async () => {
    const { calls, list } = await open((body) => {
      if (!body.apply) return json(200, { success: true, periods, schoolYears: ["2026-2027", "2027-2028"], replaced: 1, applied: false });
      list.push(...periods.slice(0, 2).map((p, i) => ({ ...p, id: `i${i}`, source: "ics" as const })));
      return json(200, {
        success: true,
        periods: periods.slice(0, 2),
        schoolYears: ["2026-2027"],
        replaced: 1,
        applied: true,
        message: M.imported(2, 1),
      });
    });
    await choose(ICS);
    const posts = () => calls.filter((c) => c.method === "POST");
    expect(posts()).toEqual([{ method: "POST", url: "/holidays/import", body: { ics: ICS, apply: false } }]);
    expect(preview()?.querySelectorAll("li")).toHaveLength(3);
    expect(byText("Importer 3 périodes")).toBeDefined();

    // Leaving 2027-2028 out: its period leaves the preview and the count.
    await click([...document.querySelectorAll("label")].find((l) => l.textContent === "2027-2028"));
    expect(preview()?.querySelectorAll("li")).toHaveLength(2);
    await click(byText("Importer 2 périodes"));
    await settle();
    expect(posts()[1]).toEqual({ method: "POST", url: "/holidays/import", body: { ics: ICS, schoolYears: ["2026-2027"], apply: true } });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("2 périodes importées (1 ancienne période importée remplacée).");
    expect(preview()).toBeNull();
    // The list is read again: the imported periods appear beside the typed one.
    const rows = [...document.querySelectorAll("li")].map((li) => li.textContent);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r?.includes("importée"))).toHaveLength(2);
    expect(rows.filter((r) => r?.includes("saisie"))).toHaveLength(1);
  });

  it("shows the server's refusal of a file mixing zones in French and replaces nothing", async () => {
    const refusal = M.icsManyZones("A, B, C");
    const { calls } = await open(() => json(400, { success: false, message: refusal, code: "VALIDATION" }));
    await choose(ICS, "toutes-zones.ics");
    expect(alertText()).toBe(`Import impossible : ${refusal}`);
    expect(preview()).toBeNull();
    expect(byText(/^Importer \d/)).toBeUndefined();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: "/holidays/import", body: { ics: ICS, apply: false } },
    ]);
    // The school's periods are left as they were (not read again, not emptied).
    expect(calls.filter((c) => c.method === "GET" && c.url === "/holidays")).toHaveLength(1);
    expect(document.body.textContent).toContain("Pont de l'Ascension");
  });

  it("refuses a file too big for the server before sending it", async () => {
    const { calls } = await open(() => json(500, { success: false, message: "inattendu" }));
    await choose(ICS + "X".repeat(400_001));
    expect(alertText()).toBe(M.icsTooBig);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
