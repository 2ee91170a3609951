import { act, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUser } from "@planify/common/schemas/admin";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../../lib/social/test-fixtures";
import { EntIdentities } from "./ent-identities";
import { ProfileFields } from "./profile-fields";
import { PasswordSignInSetting } from "./password-sign-in-setting";
import { UserRow } from "./user-row";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const lea = {
  id: "u1",
  _id: "u1",
  username: "lea.martin",
  role: "eleve",
  year: "BUT1",
  groupe: "A",
  firstName: "Léa",
  lastName: "Martin",
  specialite: "",
  coins: 0,
  mustChangePassword: true,
  hasSecretQuestions: false,
  ent: [{ providerId: "lyon", label: "Université de Lyon" }],
} as unknown as AdminUser;

describe("ENT accounts in « Gérer les utilisateurs »", () => {
  it("a tied account shows its ENT badge, no « Questions secrètes » and no « Mot de passe provisoire »", async () => {
    const noop = () => undefined;
    await mount(
      <table>
        <tbody>
          <UserRow user={lea} checked={false} onToggle={noop} roleLabel="Étudiant" onOpen={noop} onDelete={noop} />
          <UserRow
            user={{ ...lea, id: "u2", username: "paul", ent: [] }}
            checked={false}
            onToggle={noop}
            roleLabel="Étudiant"
            onOpen={noop}
            onDelete={noop}
          />
        </tbody>
      </table>,
    );
    const [tied, plain] = [...document.querySelectorAll("tr")];
    expect(tied!.textContent).toContain("ENT · Université de Lyon");
    expect(tied!.textContent).not.toContain("Mot de passe provisoire");
    expect(tied!.querySelector('[aria-label^="Questions secrètes"]')).toBeNull();
    expect(plain!.querySelector('[aria-label^="Questions secrètes"]')).not.toBeNull();
    expect(plain!.textContent).toContain("Mot de passe provisoire");
  });

  it("the edit form of a tied account has no « Nouveau mot de passe »; an untied one keeps it", async () => {
    const draft = {
      username: "lea.martin",
      password: "",
      firstName: "",
      lastName: "",
      role: "eleve",
      year: "BUT1",
      groupe: "A",
      specialite: "",
    };
    const noop = () => undefined;
    // edit-user-dialog.tsx passes "none" for an account with ENT identities.
    await mount(
      <div>
        <div id="tied">
          <ProfileFields draft={draft as never} onChange={noop} password="none" />
        </div>
        <div id="plain">
          <ProfileFields draft={draft as never} onChange={noop} password="optional" />
        </div>
      </div>,
    );
    expect(document.querySelector("#tied")!.textContent).not.toContain("mot de passe");
    expect(document.querySelector("#tied input[type=password]")).toBeNull();
    expect(document.querySelector("#plain")!.textContent).toContain("Nouveau mot de passe");
  });

  it("« Délier l'identité ENT » asks first, then calls the route and says so", async () => {
    signIn({ role: "admin", isAdmin: true });
    const routes = routeFetch({
      "DELETE /users-admin/u1/sso-identity/lyon": () =>
        json(200, { success: true, message: "Identité ENT déliée.", user: { ...lea, ent: [] } }),
    });
    vi.stubGlobal("fetch", routes.fetch);
    let showUser!: (u: AdminUser) => void;
    function Host() {
      const [u, set] = useState(lea);
      showUser = set;
      return <EntIdentities user={u} />;
    }
    await mount(<Host />);
    await act(async () => byText("Délier l'identité ENT")!.click());
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"], [role="dialog"]')).not.toBeNull());
    expect(document.body.textContent).toContain("Délier le compte lea.martin de son identité « Université de Lyon » ?");
    expect(routes.calls).toEqual([]);
    await act(async () => byText("Délier")!.click());
    await settle();
    expect(routes.calls.map((c) => `${c.method} ${c.url}`)).toEqual(["DELETE /users-admin/u1/sso-identity/lyon"]);
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Identité ENT déliée.");
    // The list read again has no identity left: the outcome stays until the dialog closes.
    await act(async () => showUser({ ...lea, ent: [] }));
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Identité ENT déliée.");
  });

  it("the password switch is off-limits while no ENT provider is enabled", async () => {
    signIn({ role: "admin", isAdmin: true });
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /admin/school-settings": () => json(200, { success: true, settings: { passwordSignIn: "all" }, entEnabled: false }),
      }).fetch,
    );
    await mount(<PasswordSignInSetting />);
    await settle();
    const toggle = document.querySelector<HTMLInputElement>('input[role="switch"]')!;
    expect([toggle.checked, toggle.disabled]).toEqual([false, true]);
    expect(document.body.textContent).toContain("Disponible une fois une connexion ENT activée");
  });

  it("the password switch keeps password sign-in for admins", async () => {
    signIn({ role: "admin", isAdmin: true });
    let mode = "all";
    const routes = routeFetch({
      "GET /admin/school-settings": () => json(200, { success: true, settings: { passwordSignIn: mode }, entEnabled: true }),
      "PUT /admin/school-settings": (init) => {
        mode = JSON.parse(String(init?.body)).passwordSignIn;
        return json(200, { success: true, settings: { passwordSignIn: mode }, entEnabled: true });
      },
    });
    vi.stubGlobal("fetch", routes.fetch);
    await mount(<PasswordSignInSetting />);
    await settle();
    await act(async () => document.querySelector<HTMLInputElement>('input[role="switch"]')!.click());
    await settle();
    expect(routes.calls.find((c) => c.method === "PUT")?.body).toEqual({ passwordSignIn: "admins" });
    expect(document.querySelector<HTMLInputElement>('input[role="switch"]')!.checked).toBe(true);
  });
});
