import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "../../lib/session";
import { byText, cleanup, mount, settle, signIn } from "../../lib/social/test-fixtures";
import DeactivatedScreen from "./deactivated-screen";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe("« Ton compte est désactivé »", () => {
  it("names the erasure date in Paris, links to the data export and signs out", async () => {
    // 22:30 UTC on 31 May is already 1 June in Paris.
    const session = signIn({ username: "lea.diplomee", deactivatedAt: "2026-11-30T22:30:00.000Z", eraseAfter: "2027-05-31T22:30:00.000Z" });
    await mount(<DeactivatedScreen user={session.user} />);
    await settle();
    expect(document.querySelector("h1")?.textContent).toBe("Ton compte est désactivé");
    expect(document.body.textContent).toContain("Il sera supprimé définitivement le 1 juin 2027");
    const link = [...document.querySelectorAll("a")].find((a) => a.textContent === "Télécharger mes données");
    expect(link?.getAttribute("href")).toBe("/api/privacy/me/export");
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    byText("Se déconnecter")!.click();
    expect(getSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/users/session", { method: "DELETE" });
  });
});
