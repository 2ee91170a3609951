import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSession } from "../../lib/session";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import FirstSignInDialog from "./first-sign-in-dialog";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const saved = { year: "BUT2", groupe: "B'", specialite: "creation", profilePending: false };

async function open() {
  const session = signIn({ username: "nina.petit", firstName: "Nina", year: "", profilePending: true, ent: true });
  const routes = routeFetch({
    "PUT /users/me/first-sign-in": () => json(200, { success: true, message: "Profil enregistré.", user: { ...session.user, ...saved } }),
  });
  vi.stubGlobal("fetch", routes.fetch);
  await mount(<FirstSignInDialog user={session.user} />);
  await settle();
  return routes;
}
const submit = async () => {
  await act(async () => byText("Enregistrer et voir mes devoirs")!.click());
  await settle();
};

describe("the first-sign-in dialog « Bienvenue sur Planify »", () => {
  it("greets the student and cannot be closed (no ×, Escape does nothing)", async () => {
    await open();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector("h2")?.textContent).toBe("Bienvenue sur Planify");
    expect(dialog.textContent).toContain("Bonjour Nina !");
    expect(dialog.querySelector('[aria-label="Fermer"]')).toBeNull();
    await act(async () => dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it("offers the admin form's choices and labels", async () => {
    await open();
    const options = (label: string) => [...field<HTMLSelectElement>(label).options].filter((o) => !o.disabled).map((o) => o.textContent);
    expect(options("Année")).toEqual(["BUT1", "BUT2", "BUT3"]);
    expect(options("Groupe")).toEqual(["Promo", "A", "A'", 'A"', "B", "B'", 'B"']);
    expect(options("Parcours")).toEqual(["Aucun", "Développement web", "Création numérique", "Stratégie de communication"]);
  });

  it("asks for the year, then the group, before sending anything", async () => {
    const routes = await open();
    await submit();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Choisis ton année.");
    await typeInto(field<HTMLSelectElement>("Année"), "BUT2");
    await submit();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Choisis ton groupe.");
    expect(routes.calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("saves year, group and track, and the session no longer asks", async () => {
    const routes = await open();
    await typeInto(field<HTMLSelectElement>("Année"), "BUT2");
    await typeInto(field<HTMLSelectElement>("Groupe"), "B'");
    await typeInto(field<HTMLSelectElement>("Parcours"), "creation");
    await submit();
    expect(routes.calls.find((c) => c.method === "PUT")?.body).toEqual({ year: "BUT2", groupe: "B'", specialite: "creation" });
    expect(getSession()?.user).toMatchObject(saved);
  });

  it("shows the server's French refusal", async () => {
    signIn({ profilePending: true });
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "PUT /users/me/first-sign-in": () =>
          json(409, { success: false, code: "PROFILE_ALREADY_SET", message: "Ton année et ton groupe sont déjà enregistrés." }),
      }).fetch,
    );
    await mount(<FirstSignInDialog user={getSession()!.user} />);
    await typeInto(field<HTMLSelectElement>("Année"), "BUT1");
    await typeInto(field<HTMLSelectElement>("Groupe"), "A");
    await submit();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("Ton année et ton groupe sont déjà enregistrés.");
  });
});
