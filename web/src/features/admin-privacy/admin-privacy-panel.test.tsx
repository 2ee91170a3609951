import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { SchoolSettings } from "@planify/common/schemas/school-settings";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { typeInto } from "../../lib/test-input";
import { AdminPrivacyPanel } from "./admin-privacy-panel";

// « Données personnelles »: the graduates' delay among the privacy settings, saved with them.
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const DELAY = "Suppression des comptes des diplômés (après leur désactivation à la nouvelle année)";
const settings: SchoolSettings = {
  passwordSignIn: "all",
  retentionYears: 2,
  selfServiceErasure: false,
  controllerName: "IUT de Lannion",
  controllerAddress: "Rue Édouard Branly, 22300 Lannion",
  dpoEmail: "dpo@iut-lannion.fr",
  hostingInfo: "",
  graduateErasureMonths: 7,
};
const { passwordSignIn: _notHere, ...privacyFields } = settings;

/** The select (or input) inside the label reading `text`. */
const control = <T extends HTMLElement>(text: string) =>
  [...document.querySelectorAll("label")].find((l) => l.textContent?.startsWith(text))!.querySelector("select, input") as T;
const save = () => byText("Enregistrer") as HTMLButtonElement;

async function open(put: (body: unknown) => Response) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({
    "GET /admin/school-settings": () => json(200, { success: true, settings, entEnabled: false }),
    "GET /admin/privacy/retention": () =>
      json(200, { success: true, at: "2026-12-01T02:00:00.000Z", before: "2024-08-01", tasks: 0, files: 0, bytes: 0 }),
    "PUT /admin/school-settings": (init) => put(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminPrivacyPanel />);
  await settle();
  return stub;
}

describe("« Suppression des comptes des diplômés »", () => {
  it("shows the saved delay even when it is not one of the offered ones (7 mois)", async () => {
    await open(() => json(500, {}));
    const select = control<HTMLSelectElement>(DELAY);
    expect(select.value).toBe("7");
    expect(select.selectedOptions[0]?.textContent).toBe("7 mois");
    const offered = [...select.options].map((o) => Number(o.value));
    expect(offered).toEqual([...offered].sort((a, b) => a - b));
    expect(offered).toContain(6);
  });

  it("keeps « Enregistrer » disabled until something changed, then saves the delay with the other privacy fields", async () => {
    const sent: unknown[] = [];
    await open((body) => {
      sent.push(body);
      return json(200, { success: true, settings: { ...settings, graduateErasureMonths: 12 }, entEnabled: false });
    });
    expect(save().disabled).toBe(true);
    await typeInto(control<HTMLSelectElement>(DELAY), "12");
    expect(save().disabled).toBe(false);
    await act(async () => save().click());
    await settle();
    // Only what this screen shows: the password sign-in is another screen's and is not sent back.
    expect(sent).toEqual([{ ...privacyFields, graduateErasureMonths: 12 }]);
    expect(document.querySelector('[role="status"]:not([aria-live])')?.textContent).toBe(
      "Réglages enregistrés : la politique de confidentialité est à jour.",
    );
    expect(save().disabled).toBe(true);
  });

  it("says « Réglages non enregistrés : <raison> » when the save fails, and keeps the choice", async () => {
    await open(() => json(400, { success: false, message: "Adresse e-mail du DPO invalide.", code: "VALIDATION" }));
    await typeInto(control<HTMLSelectElement>(DELAY), "24");
    await act(async () => save().click());
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Réglages non enregistrés : Adresse e-mail du DPO invalide.");
    expect(control<HTMLSelectElement>(DELAY).value).toBe("24");
    expect(save().disabled).toBe(false);
  });
});
