import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SsoAdminProvider } from "@planify/common/schemas/sso-admin";
import { byText, cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { field, typeInto } from "../../lib/test-input";
import { AdminSsoPanel } from "./admin-sso-panel";
import { bodyOf, emptyForm, formOf, missingFields } from "./model";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const click = (el: HTMLElement | undefined) => act(async () => el!.click());
const provider = (over: Partial<SsoAdminProvider> = {}): SsoAdminProvider => ({
  id: "keycloak",
  kind: "oidc",
  label: "Keycloak de l'université",
  enabled: true,
  source: "base",
  registerUrl: "https://planify.univ.fr/api/auth/sso/keycloak/callback",
  usernameClaim: null,
  policy: "existing",
  roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } },
  issuer: "https://sso.univ.fr/realms/etu",
  clientId: "planify",
  scopes: ["openid", "profile"],
  hasSecret: true,
  casUrl: null,
  idpMetadataUrl: null,
  problem: null,
  updatedAt: 1,
  updatedBy: "admin",
  ...over,
});

async function open(routes: Parameters<typeof routeFetch>[0] = {}, providers = [provider()]) {
  signIn({ role: "admin", isAdmin: true });
  const stub = routeFetch({ "GET /sso-admin/providers": () => json(200, { success: true, providers }), ...routes });
  vi.stubGlobal("fetch", stub.fetch);
  await mount(<AdminSsoPanel />);
  await settle();
  return stub;
}

describe("the « Connexion ENT » form model", () => {
  it("sends only the kind's fields, scopes split, role rows as a mapping, an empty secret left out", () => {
    const form = { ...formOf(provider()), scopes: "openid  profile,email", clientSecret: "" };
    expect(bodyOf(form, true)).toEqual({
      kind: "oidc",
      id: "keycloak",
      label: "Keycloak de l'université",
      enabled: true,
      policy: "existing",
      usernameClaim: undefined,
      roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } },
      issuer: "https://sso.univ.fr/realms/etu",
      clientId: "planify",
      clientSecret: undefined,
      scopes: ["openid", "profile", "email"],
    });
    expect(bodyOf({ ...emptyForm(), kind: "cas", id: "cas", label: "CAS", casUrl: " https://cas.fr/cas ", issuer: "x" }, false)).toEqual({
      kind: "cas",
      id: "cas",
      label: "CAS",
      enabled: false,
      policy: "existing",
      usernameClaim: undefined,
      roles: null,
      casUrl: "https://cas.fr/cas",
    });
  });

  it("names the empty required fields with the server's wording", () => {
    expect(missingFields({ ...emptyForm(), kind: "saml", id: "x", roleRows: [{ value: "student", role: "eleve" }] })).toEqual({
      label: "Libellé : champ obligatoire manquant.",
      idpMetadataUrl: "Adresse des métadonnées de l'IdP : champ obligatoire manquant.",
      "roles.claim": "Attribut du statut : champ obligatoire manquant.",
    });
  });
});

describe("the « Connexion ENT » screen", () => {
  it("lists each provider with its kind, source and the address to register; a file provider is read-only", async () => {
    await open({}, [
      provider({ source: "fichier", id: "fichier", label: "ENT du fichier", updatedBy: null }),
      provider({ kind: "saml", id: "renater", label: "Renater", registerUrl: "https://p.fr/api/auth/sso/renater/metadata" }),
    ]);
    const [file, saml] = [...document.querySelectorAll("li[data-provider]")] as HTMLElement[];
    expect(file!.textContent).toContain("OpenID Connect");
    expect(file!.textContent).toContain("Configuré par le fichier PLANIFY_SSO_CONFIG");
    expect(file!.querySelector<HTMLButtonElement>("[role=switch]")!.disabled).toBe(true);
    expect([...file!.querySelectorAll("button")].map((b) => b.textContent)).not.toContain("Supprimer");
    expect(saml!.textContent).toContain("SAML 2.0");
    expect(saml!.textContent).toContain(
      "Métadonnées du fournisseur de service (SP) à déclarer :https://p.fr/api/auth/sso/renater/metadata",
    );
  });

  it("shows the server's refusal beside the field it names, keeping what was typed", async () => {
    const stub = await open({
      "POST /sso-admin/providers": () =>
        json(400, {
          success: false,
          code: "SSO_PROVIDER_INVALID",
          field: "issuer",
          message: "Émetteur (issuer) : une adresse https:// est attendue (http:// seulement sur cette machine).",
        }),
    });
    await click(byText("Ajouter un fournisseur"));
    await typeInto(field("Identifiant"), "ent");
    await typeInto(field("Libellé"), "ENT");
    await typeInto(field("Émetteur (issuer)"), "http://sso.univ.fr");
    await typeInto(field("Identifiant client (client_id)"), "planify");
    await click(byText("Enregistrer"));
    await settle();
    const issuer = field("Émetteur (issuer)");
    expect(issuer.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(issuer.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Émetteur (issuer) : une adresse https:// est attendue (http:// seulement sur cette machine).",
    );
    expect(issuer.value).toBe("http://sso.univ.fr");
    expect(field("Libellé").value).toBe("ENT");
    expect(stub.calls.find((c) => c.method === "POST")!.body).toMatchObject({ kind: "oidc", id: "ent", issuer: "http://sso.univ.fr" });
  });

  it("an empty required field is named before any call", async () => {
    const stub = await open();
    await click(byText("Ajouter un fournisseur"));
    await click(byText("Enregistrer"));
    expect(document.body.textContent).toContain("Libellé : champ obligatoire manquant.");
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("edits without showing the secret (« inchangé ») and sends none unless typed", async () => {
    const stub = await open({
      "PUT /sso-admin/providers/keycloak": () => json(200, { success: true, message: "Fournisseur ENT enregistré.", provider: provider() }),
    });
    await click(byText("Modifier"));
    const secret = field("Secret client");
    expect(secret.value).toBe("");
    expect(secret.placeholder).toBe("inchangé");
    await click(byText("Enregistrer"));
    await settle();
    const put = stub.calls.find((c) => c.method === "PUT")!;
    expect(put.body).not.toHaveProperty("clientSecret", expect.anything());
    expect(document.body.textContent).toContain("Fournisseur ENT enregistré.");
  });

  it("« Tester la connexion » shows the server's French result", async () => {
    await open({
      "POST /sso-admin/providers/keycloak/test": () =>
        json(200, { success: true, reachable: false, message: "L'émetteur ne répond pas (connexion impossible)." }),
    });
    await click(byText("Tester la connexion"));
    await settle();
    expect(document.querySelector("[role=alert]")!.textContent).toBe("L'émetteur ne répond pas (connexion impossible).");
  });
});
