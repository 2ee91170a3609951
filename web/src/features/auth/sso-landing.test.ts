import { afterEach, describe, expect, it, vi } from "vitest";

// The one-time code of an ENT sign-in leaves the address at once and is handed out once.
afterEach(() => {
  window.history.replaceState(null, "", "/");
  sessionStorage.clear();
});

async function fresh() {
  vi.resetModules();
  return import("./sso-landing");
}

describe("ENT landing", () => {
  it("takes #connexion-ent=<code> out of the address, keeping the page and its query, and hands the code out once", async () => {
    const m = await fresh();
    window.history.replaceState({ idx: 3 }, "", "/devoirs?vue=semaine#connexion-ent=AbC-123_x");
    const before = window.history.length;
    m.takeSsoCodeFromUrl();
    expect(window.location.href).toBe(`${window.location.origin}/devoirs?vue=semaine`);
    expect(window.location.hash).toBe("");
    // Replaced, not pushed: « back » does not bring the code back, and the router's state stays.
    expect(window.history.length).toBe(before);
    expect(window.history.state).toEqual({ idx: 3 });
    expect(m.pendingSsoCode()).toBe("AbC-123_x");
    expect(m.pendingSsoCode()).toBeNull();
  });

  it("leaves any other address alone", async () => {
    const m = await fresh();
    window.history.replaceState(null, "", "/confirmer-email#jeton");
    m.takeSsoCodeFromUrl();
    expect(window.location.hash).toBe("#jeton");
    expect(m.pendingSsoCode()).toBeNull();
  });

  it("remembers, in this tab, the provider whose button was followed, once", async () => {
    const m = await import("./sso-start");
    expect(m.takeSsoStart()).toBeNull();
    m.rememberSsoStart("ent");
    expect(sessionStorage.getItem(m.SSO_STARTED_KEY)).toBe("ent");
    expect(m.takeSsoStart()).toBe("ent");
    expect(m.takeSsoStart()).toBeNull();
  });
});
