import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { addDays, mondayOf, parisDayAndMinutes } from "./model/week";
import { TimetablePage } from "./timetable-page";

// /emploi-du-temps when the school's holidays cannot be read: the week is still drawn, the page
// says the holidays are not marked, and « Réessayer » marks them once the server answers.
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const FAILED = "Impossible de lire les vacances scolaires : les jours de vacances ne sont pas marqués.";
const click = (el: HTMLElement | undefined) => act(async () => el!.click());

describe("the timetable without the school's holidays", () => {
  it("draws the week and its tasks, says the holidays are not marked, and marks them after « Réessayer »", async () => {
    const monday = mondayOf(parisDayAndMinutes(new Date()).day);
    const tuesday = addDays(monday, 1);
    const [wednesday, thursday] = [addDays(monday, 2), addDays(monday, 3)];
    let holidaysUp = false;
    signIn({ role: "eleve", year: "BUT2", groupe: "A" });
    const stub = routeFetch({
      "GET /events": () =>
        json(200, {
          success: true,
          events: [
            {
              id: "t1",
              titre: "Rendu du projet web",
              matiere: "Développement web",
              type: "devoir",
              groupes: ["Promo"],
              checked: false,
              hidden: false,
              start: `${tuesday}T09:00:00.000Z`,
              end: `${tuesday}T10:00:00.000Z`,
            },
          ],
        }),
      "GET /school-timetable/sources": () => json(200, { success: true, hasClassTimetable: false, mine: null }),
      "GET /holidays": () =>
        holidaysUp
          ? json(200, {
              success: true,
              holidays: [
                {
                  id: "h1",
                  label: "Pont de l'Armistice",
                  firstDay: wednesday,
                  lastDay: thursday,
                  source: "manuel",
                  schoolYear: "2026-2027",
                },
              ],
            })
          : json(503, { success: false, message: "Service momentanément indisponible.", code: "UNAVAILABLE" }),
    });
    vi.stubGlobal("fetch", stub.fetch);
    await mount(<TimetablePage />);
    await settle();

    const grid = document.querySelector('[aria-label="Semaine"]');
    expect(grid?.querySelectorAll("[data-day]")).toHaveLength(7);
    expect(grid?.querySelector(`[data-day="${tuesday}"]`)?.textContent).toContain("Rendu du projet web");
    const alert = [...document.querySelectorAll('[role="alert"]')].find((el) => el.textContent?.startsWith(FAILED));
    expect(alert?.textContent).toBe(`${FAILED} Service momentanément indisponible.Réessayer`);
    expect(grid?.querySelector("[data-holiday]")).toBeNull();

    holidaysUp = true;
    await click(byText("Réessayer"));
    await settle();
    const marked = [...document.querySelectorAll("[data-holiday]")].map((el) => [
      el.getAttribute("data-day"),
      el.getAttribute("data-holiday"),
    ]);
    expect(marked).toEqual([
      [wednesday, "Pont de l'Armistice"],
      [thursday, "Pont de l'Armistice"],
    ]);
    expect(document.body.textContent).not.toContain(FAILED);
    expect(stub.calls.filter((c) => c.url === "/holidays")).toHaveLength(2);
  });
});
