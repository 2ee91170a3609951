import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { byText, cleanup, factionBoard, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminFactionsPanel } from "./admin-factions-panel";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const bagnatCard = () => document.querySelector<HTMLFormElement>('form[aria-label="Total de Bagnat"]')!;

async function open(routes: Parameters<typeof routeFetch>[0] = {}) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({ "GET /factions/leaderboard": () => json(200, factionBoard()), ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminFactionsPanel />);
  await settle();
  return stub;
}

describe("the factions admin panel", () => {
  it("shows each faction's total and member count and the season end, and saves a new total", async () => {
    const { calls } = await open({
      "POST /factions/total-coins": () =>
        json(200, {
          success: true,
          message: "Total de Bagnat enregistré.",
          faction: { name: "Bagnat", totalCoins: 5000, membersCount: 4 },
        }),
    });
    expect(document.body.textContent).toContain("Saison en cours : fin le lundi 30 novembre 2026 à minuit.");
    expect(document.querySelector('[data-faction-card="Bagnat"]')?.textContent).toContain("4 membres");
    expect(field("Total de coins", bagnatCard()).value).toBe("12345");
    await typeInto(field("Total de coins", bagnatCard()), "5000");
    await click(byText("Enregistrer", "form[aria-label='Total de Bagnat'] button"));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/factions/total-coins",
      body: { name: "Bagnat", totalCoins: 5000 },
    });
    expect(document.querySelector('[role="status"]')?.textContent).toContain("Total de Bagnat enregistré.");
  });

  it("refuses a negative total without calling the server", async () => {
    const { calls } = await open();
    await typeInto(field("Total de coins", bagnatCard()), "-5");
    await click(byText("Enregistrer", "form[aria-label='Total de Bagnat'] button"));
    expect(bagnatCard().querySelector('[role="alert"]')?.textContent).toBe("Le total doit être un nombre entier positif ou nul.");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("says 'Erreur envoi notifications: …' when the results cannot be sent", async () => {
    await open({ "POST /factions/notify-results": () => json(500, { success: false, message: "Base indisponible", code: "INTERNAL" }) });
    await click(byText(/Envoyer les résultats/));
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Erreur envoi notifications: Base indisponible");
  });

  it("resets only after the confirmation, and says 'Erreur lors du reset des coins de faction' on failure", async () => {
    const { calls } = await open({ "POST /factions/reset": () => json(500, { success: false, message: "Oups", code: "INTERNAL" }) });
    await click(byText("Remettre à zéro"));
    // The confirmation popup loads on first use.
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Remettre les factions à zéro ?"));
    await click(byText("Annuler"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await click(byText("Remettre à zéro", "section button"));
    await click(byText("Remettre à zéro", '[role="dialog"] button'));
    await settle();
    expect(calls.filter((c) => c.url === "/factions/reset")).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Erreur lors du reset des coins de faction");
  });

  it("distributes coins to one faction with the message, and the banner hides after 2.5 s", async () => {
    const { calls } = await open({
      "POST /factions/distribute": () =>
        json(200, { success: true, message: "250 coins distribués à 4 membre(s) de Fermier.", recipients: 4, coinsEach: 250 }),
    });
    await typeInto(field<HTMLSelectElement>("Faction"), "Fermier");
    await typeInto(field("Coins par membre"), "250");
    await typeInto(field<HTMLTextAreaElement>("Message (facultatif)"), "Bravo !");
    await click(byText("Distribuer"));
    // Nothing is sent before the confirmation, which names the faction, the members and the sum.
    await vi.waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Distribuer 250 coins à chaque membre de Fermier ?"),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await click(byText("Distribuer", '[role="dialog"] button'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/factions/distribute",
      body: { faction: "Fermier", coins: 250, message: "Bravo !" },
    });
    expect(document.querySelector('[role="status"]')?.textContent).toContain("250 coins distribués");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_600);
    });
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it("asks before distributing: the dialog says who gets what, and « Annuler » sends nothing", async () => {
    const { calls } = await open();
    await typeInto(field("Coins par membre"), "50");
    await click(byText("Distribuer"));
    await vi.waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Distribuer 50 coins à chaque membre de Bagnat ?"),
    );
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      "4 membres de Bagnat recevront chacun 50 coins dans leur portefeuille (200 coins en tout)",
    );
    await click(byText("Annuler", '[role="dialog"] button'));
    await settle();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("explains under each total that a member who leaves takes nothing out of it", async () => {
    await open();
    expect(bagnatCard().textContent).toContain(
      "Un membre qui quitte la faction n'en retire rien : ce qu'il a rapporté reste dans ce total.",
    );
  });

  it("sets a faction's price multiplier, refusing out-of-range values in French without calling the server", async () => {
    const { calls } = await open({
      "GET /factions/leaderboard": () => json(200, factionBoard({ priceByFaction: { Bagnat: 1.25, Fermier: 1 } })),
      "POST /factions/price-multiplier": () =>
        json(200, { success: true, message: "Prix de Bagnat enregistrés (×1,5).", faction: "Bagnat", priceMultiplier: 1.5 }),
    });
    const form = () => document.querySelector<HTMLFormElement>('form[aria-label="Prix de Bagnat"]')!;
    const input = () => field("Multiplicateur de prix en boutique", form());
    expect(input().value).toBe("1.25");
    expect(form().textContent).toContain("Un item à 100 coins coûte 125 coins aux membres");
    await typeInto(input(), "3.5");
    await click(byText("Enregistrer le prix", "form[aria-label='Prix de Bagnat'] button"));
    expect(form().querySelector('[role="alert"]')?.textContent).toBe("Le multiplicateur de prix doit être compris entre 0,5 et 3.");
    await typeInto(input(), "1.23");
    await click(byText("Enregistrer le prix", "form[aria-label='Prix de Bagnat'] button"));
    expect(form().querySelector('[role="alert"]')?.textContent).toBe("Le multiplicateur de prix va par pas de 0,05 (par exemple 1,25).");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await typeInto(input(), "1,5");
    await click(byText("Enregistrer le prix", "form[aria-label='Prix de Bagnat'] button"));
    await settle();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/factions/price-multiplier",
      body: { name: "Bagnat", priceMultiplier: 1.5 },
    });
    expect(document.querySelector('[role="status"]')?.textContent).toContain("Prix de Bagnat enregistrés (×1,5).");
  });
});
