import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { byText, cleanup, json, mount, routeFetch, settle } from "../../lib/social/test-fixtures";
import { PasswordGate } from "./password-gate";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(passwordSignIn: "all" | "admins" | null) {
  vi.stubGlobal(
    "fetch",
    routeFetch({
      "GET /auth/providers": () =>
        passwordSignIn
          ? json(200, { success: true, providers: [], passwordSignIn })
          : json(500, { success: false, message: "x", code: "INTERNAL" }),
    }).fetch,
  );
  await mount(
    <PasswordGate>
      <form aria-label="mot de passe" />
    </PasswordGate>,
  );
  await settle();
}
const form = () => document.querySelector('form[aria-label="mot de passe"]');

describe("the login popup's password form", () => {
  it("is shown to everyone by default", async () => {
    await open("all");
    expect(form()).not.toBeNull();
    expect(byText("Connexion administrateur")).toBeUndefined();
  });

  it("waits behind « Connexion administrateur » when the school keeps passwords for admins", async () => {
    await open("admins");
    expect(form()).toBeNull();
    expect(document.body.textContent).toContain(
      "Ton établissement se connecte avec l'ENT (bouton ci-dessus). La connexion par mot de passe est réservée aux administrateurs.",
    );
    await act(async () => byText("Connexion administrateur")!.click());
    expect(form()).not.toBeNull();
  });

  it("stays shown when the setting cannot be read (admins keep a way in)", async () => {
    await open(null);
    expect(form()).not.toBeNull();
  });
});
