import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { HOLIDAY_MESSAGES as M } from "@planify/common/constants/holidays";
import type { Holiday } from "@planify/common/schemas/holidays";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminHolidaysPanel } from "./admin-holidays-panel";

// « Vacances scolaires » (admin): typed periods checked before sending, the server's refusals
// shown as it words them, deletion behind a confirmation, and a failed load never shown as empty.
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const alertText = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent).join(" | ");
const statusText = () => [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent?.trim()).join(" | ");
const writes = (calls: { method: string }[]) => calls.filter((c) => c.method !== "GET");

const toussaint: Holiday = {
  id: "h1",
  label: "Vacances de la Toussaint",
  firstDay: "2026-10-17",
  lastDay: "2026-11-01",
  source: "manuel",
  schoolYear: "2026-2027",
};

/** Mounts the panel as an admin; `list` is the server's list (routes may change it). */
async function open(list: Holiday[], routes: Parameters<typeof routeFetch>[0] = {}) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({ "GET /holidays": () => json(200, { success: true, holidays: list }), ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminHolidaysPanel />);
  await settle();
  return stub;
}

async function fillPeriod(label: string, firstDay: string, lastDay: string) {
  await typeInto(field("Nom"), label);
  await typeInto(field("Premier jour"), firstDay);
  await typeInto(field("Dernier jour (inclus)"), lastDay);
}

describe("« Ajouter une période »", () => {
  it("refuses a last day before the first with the shared French message and sends nothing", async () => {
    const { calls } = await open([]);
    await fillPeriod("Vacances de la Toussaint", "2026-11-01", "2026-10-17");
    await click(byText("Ajouter"));
    await settle();
    expect(alertText()).toBe(M.endBeforeStart);
    expect(writes(calls)).toEqual([]);
  });

  it("sends a valid period (name trimmed) and lists it under its school year", async () => {
    const list: Holiday[] = [];
    const { calls } = await open(list, {
      "POST /holidays": () => {
        list.push(toussaint);
        return json(201, { success: true, message: M.created, holiday: toussaint });
      },
    });
    expect(document.body.textContent).toContain("Aucune période de vacances pour l'instant.");
    await fillPeriod("  Vacances de la Toussaint ", "2026-10-17", "2026-11-01");
    await click(byText("Ajouter"));
    await settle();
    expect(writes(calls)).toEqual([
      { method: "POST", url: "/holidays", body: { label: "Vacances de la Toussaint", firstDay: "2026-10-17", lastDay: "2026-11-01" } },
    ]);
    expect(statusText()).toContain(M.created);
    expect(document.body.textContent).toContain("Année 2026-2027");
    expect(document.body.textContent).toContain("du sam. 17 octobre 2026 au dim. 1 novembre 2026 · saisie");
    expect(document.body.textContent).not.toContain("Aucune période de vacances");
    // The form is emptied for the next period.
    expect(field("Nom").value).toBe("");
  });

  it("shows the server's 409 duplicate message as it is and keeps what was typed", async () => {
    await open([toussaint], {
      "POST /holidays": () => json(409, { success: false, message: M.duplicate, code: "CONFLICT" }),
    });
    await fillPeriod("Vacances de la Toussaint", "2026-10-17", "2026-11-01");
    await click(byText("Ajouter"));
    await settle();
    expect(alertText()).toBe(`Enregistrement impossible : ${M.duplicate}`);
    expect(field("Nom").value).toBe("Vacances de la Toussaint");
    expect(document.querySelectorAll("li")).toHaveLength(1);
  });
});

describe("« Supprimer » a period", () => {
  it("asks first, sends nothing on « Annuler », then deletes and the row leaves", async () => {
    const list: Holiday[] = [toussaint];
    const { calls } = await open(list, {
      "DELETE /holidays/h1": () => {
        list.splice(0);
        return json(200, { success: true, message: M.deleted });
      },
    });
    const remove = () => document.querySelector<HTMLButtonElement>('[aria-label="Supprimer Vacances de la Toussaint 2026-2027"]')!;
    await click(remove());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Vacances de la Toussaint"));
    await click(byText("Annuler", '[role="dialog"] button'));
    await settle();
    expect(writes(calls)).toEqual([]);
    expect(document.body.textContent).toContain("Vacances de la Toussaint");

    await click(remove());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    await click(byText("Supprimer", '[role="dialog"] button'));
    await settle();
    expect(writes(calls)).toEqual([{ method: "DELETE", url: "/holidays/h1", body: undefined }]);
    expect(statusText()).toContain(M.deleted);
    expect(document.querySelector("li")).toBeNull();
    expect(document.body.textContent).toContain("Aucune période de vacances pour l'instant.");
  });
});

describe("the list of periods", () => {
  it("shows a failed load with « Réessayer », never « aucune période », and lists them once it answers", async () => {
    let fail = true;
    await open([], {
      "GET /holidays": () =>
        fail
          ? json(500, { success: false, message: "Base de données indisponible.", code: "INTERNAL" })
          : json(200, { success: true, holidays: [toussaint] }),
    });
    expect(alertText()).toBe("Impossible de charger les vacances. Base de données indisponible.Réessayer");
    expect(document.body.textContent).not.toContain("Aucune période");
    fail = false;
    await click(byText("Réessayer"));
    await settle();
    expect(alertText()).toBe("");
    expect(document.body.textContent).toContain("Vacances de la Toussaint");
  });
});
