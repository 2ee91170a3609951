import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { JournalEntry, JournalResponse } from "@planify/common/schemas/admin";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminJournalPanel } from "./admin-journal-panel";

// GET /admin-journal is written in parallel on another branch: these tests code against the
// contract in common/schemas/admin with a stubbed fetch.

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const entry = (id: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
  id,
  at: "2026-11-24T04:12:00.000Z",
  adminId: "a1",
  adminUsername: "admin",
  action: "faction.total",
  targetUserId: null,
  targetUsername: null,
  summary: `Total Bagnat : 0 → ${id} coins`,
  details: { faction: "Bagnat", before: 0, after: id },
  ...over,
});
const page = (entries: JournalEntry[], nextBefore: number | null): JournalResponse => ({
  success: true,
  entries,
  nextBefore,
  actions: ["faction.total", "items.give", "custom.thing"],
  admins: [
    { id: "a1", username: "admin" },
    { id: "a2", username: "directrice" },
  ],
});
const rows = () => [...document.querySelectorAll('[aria-label="Entrées du journal"] > li')];

async function open() {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({
    "GET /admin-journal": (_init, url) =>
      url.includes("before=2")
        ? json(
            200,
            page(
              [entry(1, { action: "items.give", targetUsername: "lea.martin", summary: "Galaxie offert à lea.martin", details: {} })],
              null,
            ),
          )
        : json(200, page([entry(3), entry(2)], 2)),
  });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminJournalPanel />);
  await settle();
  return stub;
}

describe("the admin journal panel", () => {
  it("lists entries with the Paris date, the admin, the French action label, the summary and the details", async () => {
    await open();
    expect(rows()).toHaveLength(2);
    const first = rows()[0]!.textContent!;
    expect(first).toContain("Total de faction");
    expect(first).toContain("Total Bagnat : 0 → 3 coins");
    expect(first).toContain("24/11/2026 05:12");
    expect(first).toContain("par admin");
    expect(rows()[0]!.querySelector("details")!.textContent).toMatch(/Avant\s*0.*Après\s*3/s);
    // Read-only: no edit or delete anywhere in the list.
    expect(rows()[0]!.querySelector("button")).toBeNull();
    const actions = [...field<HTMLSelectElement>("Action").options].map((o) => o.textContent);
    expect(actions).toEqual(["Toutes", "Total de faction", "Item offert", "custom.thing"]);
  });

  it("pages with 'Plus d'entrées' (before = the last page's cursor) until the end", async () => {
    const { calls } = await open();
    await click(byText("Plus d'entrées"));
    await settle();
    expect(calls.at(-1)?.url).toBe("/admin-journal?before=2");
    expect(rows()).toHaveLength(3);
    expect(rows()[2]!.textContent).toContain("Item offert · lea.martin");
    expect(byText("Plus d'entrées")).toBeUndefined();
  });

  it("sends the filters: admin, user, action and the date range", async () => {
    const { calls } = await open();
    await typeInto(field<HTMLSelectElement>("Administrateur"), "a2");
    await typeInto(field<HTMLSelectElement>("Action"), "items.give");
    await typeInto(field("Utilisateur"), "  lea ");
    await typeInto(field("Du"), "2026-11-01");
    await typeInto(field("Au"), "2026-11-24");
    await click(byText("Filtrer"));
    await settle();
    const url = new URL(`http://x${calls.at(-1)!.url}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      adminId: "a2",
      action: "items.give",
      user: "lea",
      from: "2026-11-01",
      to: "2026-11-24",
    });
  });

  it("shows account changes with French labels, never the stored codes (role, speciality, year)", async () => {
    signIn({ role: "admin", isAdmin: true });
    const update = entry(9, {
      action: "user.update",
      targetUsername: "lea.martin",
      summary: "lea.martin modifié : Rôle, Parcours",
      details: {
        role: { before: "eleve", after: "delegue" },
        specialite: { before: "", after: "strategie" },
        year: { before: "BUT1", after: "BUT2" },
      },
    });
    const created = entry(8, {
      action: "user.create",
      targetUsername: "tom",
      summary: "Compte tom créé (Étudiant)",
      details: { role: "eleve", specialite: "creation", year: "" },
    });
    vi.stubGlobal("fetch", routeFetch({ "GET /admin-journal": () => json(200, page([update, created], null)) }).fetch);
    await mount(<AdminJournalPanel />);
    await settle();
    const [first, second] = rows().map((r) => r.querySelector("details")!.textContent!);
    expect(first).toMatch(/Rôle\s*Étudiant → Délégué/);
    expect(first).toMatch(/Parcours\s*Aucun → Stratégie de communication/);
    expect(first).toMatch(/Année\s*BUT1 → BUT2/);
    expect(second).toMatch(/Rôle\s*Étudiant/);
    expect(second).toMatch(/Parcours\s*Création numérique/);
    expect(second).toMatch(/Année\s*Toute la promo/);
    for (const raw of ["eleve", "delegue", "strategie", "creation", "specialite"]) expect(`${first} ${second}`).not.toContain(raw);
  });
});
