import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { ROLLOVER_MESSAGES } from "@planify/common/constants/rollover";
import type { RolloverBody } from "@planify/common/schemas/rollover";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminRolloverPanel } from "./admin-rollover-panel";

// « Nouvelle année scolaire »: the graduates' delay starts at the school's setting and travels in
// the preview and the run; a refusal of the preview is shown and the wizard stays where it is.
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const DELAY = "Délai avant suppression des diplômés (mois)";
const counts = { promotedBut1: 120, promotedBut2: 110, repeating: 1, graduatesDeactivated: 98, tasksArchived: 340, groupsReset: 0 };
const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const step = () => document.querySelector('[aria-label="Étapes"] [aria-current="step"]')?.textContent;
const alertText = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent).join(" | ");

type Answer = (body: RolloverBody) => Response;
async function open({ preview, run }: { preview: Answer; run?: Answer }) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({
    "GET /admin/school-settings": () =>
      json(200, {
        success: true,
        entEnabled: false,
        settings: {
          passwordSignIn: "all",
          retentionYears: 2,
          selfServiceErasure: false,
          controllerName: "IUT",
          controllerAddress: "",
          dpoEmail: "",
          hostingInfo: "",
          graduateErasureMonths: 9,
        },
      }),
    "GET /users-admin": () =>
      json(200, {
        success: true,
        users: [
          { id: "s1", _id: "s1", username: "lea.martin", role: "eleve", year: "BUT1", groupe: "A" },
          { id: "s2", _id: "s2", username: "tom.durand", role: "eleve", year: "BUT3", groupe: "B" },
          { id: "t1", _id: "t1", username: "prof.dupont", role: "prof", year: "", groupe: "Promo" },
        ],
      }),
    "POST /admin/rollover/preview": (init) => preview(JSON.parse(String(init?.body))),
    "POST /admin/rollover": (init) => (run ?? preview)(JSON.parse(String(init?.body))),
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminRolloverPanel />);
  await settle();
  return stub;
}

/** Year 2025-2026, then to the options step (after `pickRepeating` on the repeating step). */
async function toOptions(pickRepeating: () => Promise<void>) {
  await typeInto(field("Année scolaire à clôturer"), "2025-2026");
  await click(byText("Continuer"));
  await settle();
  await pickRepeating();
  await click(byText("Continuer"));
}

const previewOk: Answer = (body) =>
  json(200, {
    success: true,
    schoolYear: body.schoolYear,
    counts,
    eraseAfter: "2027-03-01T10:00:00.000Z",
    graduateErasureMonths: body.graduateErasureMonths,
    alreadyRun: null,
  });

describe("« Nouvelle année scolaire »", () => {
  it("starts the delay at the school's setting and sends the delay chosen with the preview and the run", async () => {
    const { calls } = await open({
      preview: previewOk,
      run: (body) =>
        json(200, {
          success: true,
          message: ROLLOVER_MESSAGES.done(body.schoolYear!),
          schoolYear: body.schoolYear,
          counts,
          eraseAfter: "2027-06-01T10:00:00.000Z",
          backupName: "planify-2026-08-20T08-00-00.zip",
        }),
    });
    await toOptions(() => click([...document.querySelectorAll("label")].find((l) => l.textContent?.includes("lea.martin"))));
    expect(step()).toBe("3. Options");
    expect(field(DELAY).value).toBe("9");
    await click(byText("Voir l'aperçu"));
    await settle();
    const posts = () => calls.filter((c) => c.method === "POST");
    const chosen = { schoolYear: "2025-2026", repeating: ["lea.martin"], resetGroups: false };
    expect(posts()).toEqual([{ method: "POST", url: "/admin/rollover/preview", body: { ...chosen, graduateErasureMonths: 9 } }]);
    expect(document.body.textContent).toContain("Diplômés désactivés (BUT3)98");

    // Back to the options: another delay, a new preview, then the run with it.
    await click(byText("Retour"));
    await typeInto(field(DELAY), "12");
    await click(byText("Voir l'aperçu"));
    await settle();
    await typeInto(field("Pour confirmer, tape « 2025-2026 »"), "2025-2026");
    await click(byText("Clôturer l'année"));
    await settle();
    expect(posts().slice(1)).toEqual([
      { method: "POST", url: "/admin/rollover/preview", body: { ...chosen, graduateErasureMonths: 12 } },
      { method: "POST", url: "/admin/rollover", body: { ...chosen, graduateErasureMonths: 12 } },
    ]);
    expect(step()).toBe("5. Terminé");
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Année 2025-2026 clôturée.");
    expect(document.body.textContent).toContain("planify-2026-08-20T08-00-00.zip");
  });

  it("lets the delay be emptied while typing another, and refuses to preview without a valid one", async () => {
    const { calls } = await open({ preview: previewOk });
    await toOptions(async () => {});
    await typeInto(field(DELAY), "");
    // Not forced back to 1 under the cursor (typing 3 would then give 13).
    expect(field(DELAY).value).toBe("");
    expect((byText("Voir l'aperçu") as HTMLButtonElement).disabled).toBe(true);
    expect(document.body.textContent).toContain("Écris un nombre de mois entre 1 et 60.");
    await typeInto(field(DELAY), "61");
    expect((byText("Voir l'aperçu") as HTMLButtonElement).disabled).toBe(true);
    await typeInto(field(DELAY), "3");
    await click(byText("Voir l'aperçu"));
    await settle();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ graduateErasureMonths: 3 });
  });

  it("shows the refusal of an unknown repeating username and stays on the preview, nothing run", async () => {
    const refusal = ROLLOVER_MESSAGES.unknownUsernames(["personne.inconnue"]);
    const { calls } = await open({ preview: () => json(400, { success: false, message: refusal, code: "VALIDATION" }) });
    await toOptions(async () => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      const csv = new File(["identifiant\nlea.martin\npersonne.inconnue\n"], "redoublants.csv", { type: "text/csv" });
      Object.defineProperty(input, "files", { configurable: true, value: [csv] });
      await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
      await settle();
      expect(document.body.textContent).toContain("2 identifiants lus dans redoublants.csv.");
    });
    await click(byText("Voir l'aperçu"));
    await settle();
    expect(alertText()).toBe(`Aperçu impossible : ${refusal}`);
    expect(step()).toBe("4. Aperçu");
    expect((byText("Clôturer l'année") as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.url === "/admin/rollover")).toEqual([]);

    // Back on the repeating step, the name no account has is pointed out and can be taken out.
    await click(byText("Retour"));
    await click(byText("Retour"));
    expect(step()).toBe("2. Redoublants");
    expect(document.body.textContent).toContain("Aucun étudiant n'a cet identifiant : personne.inconnue.");
    await click(byText("Retirer"));
    expect(document.body.textContent).toContain("1 redoublant choisi : lea.martin");
    expect(document.body.textContent).not.toContain("personne.inconnue");
  });

  it("stays on the preview with the reason when the run itself is refused", async () => {
    const refusal = ROLLOVER_MESSAGES.running;
    const { calls } = await open({ preview: previewOk, run: () => json(409, { success: false, message: refusal, code: "CONFLICT" }) });
    await toOptions(async () => {});
    await click(byText("Voir l'aperçu"));
    await settle();
    await typeInto(field("Pour confirmer, tape « 2025-2026 »"), "2025-2026");
    await click(byText("Clôturer l'année"));
    await settle();
    expect(calls.filter((c) => c.url === "/admin/rollover")).toHaveLength(1);
    expect(alertText()).toBe(`Clôture impossible : ${refusal}`);
    expect(step()).toBe("4. Aperçu");
  });
});
