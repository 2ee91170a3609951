import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminJournal, ssoProviders as storedTable } from "../../db/schema";
import { appPerFile, everyActor, logRecorder, type Scenario, scenarioTests } from "../../../test/helpers";
import { CLIENT_SECRET } from "./test-oidc-provider";

// The admin screen « Connexion ENT »: who may call it, what a stored provider looks like
// (never its secret), and every refusal of the form, in French and naming its field.

const logs = logRecorder();
const FILE_ENTRY = {
  id: "fichier-ent",
  kind: "oidc" as const,
  label: "ENT du fichier",
  enabled: true,
  issuer: "https://sso.univ-exemple.fr/realms/etu",
  clientId: "planify",
  clientSecret: "secret-du-fichier",
  scopes: ["openid"],
  usernameClaim: "preferred_username",
  roles: null,
  policy: "existing" as const,
};
const env = appPerFile({ log: logs.log, sso: { providers: [FILE_ENTRY] } });
const ADMIN_ONLY = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 } as const;
const URL_ = "/api/sso-admin/providers";
// OIDC is the kind this branch speaks (CAS and SAML join through kinds.ts with the same checks).
const oidc = (id: string) => ({
  kind: "oidc",
  id,
  label: `ENT ${id}`,
  issuer: "https://sso.univ-exemple.fr/realms/etu",
  clientId: "planify",
});

const table: Scenario[] = [
  ...everyActor({ method: "GET", url: URL_ }, ADMIN_ONLY, "only admins list the providers; the file's come first, read-only", {
    403: { code: "FORBIDDEN" },
    200: {
      providers: [
        {
          id: "fichier-ent",
          source: "fichier",
          kind: "oidc",
          hasSecret: true,
          registerUrl: "http://localhost/api/auth/sso/fichier-ent/callback",
        },
      ],
    },
  }),
  ...["eleve", "etudiant", "delegue", "prof", "guest"].map(
    (as): Scenario => ({
      name: "only admins add a provider",
      method: "POST",
      url: URL_,
      as: as as Scenario["as"],
      body: oidc(`ent-${as}`),
      status: as === "guest" ? 401 : 403,
    }),
  ),
  {
    name: "an admin adds an OpenID provider",
    method: "POST",
    url: URL_,
    as: "admin",
    body: oidc("ent-univ"),
    status: 200,
    expect: {
      message: "Fournisseur ENT ajouté.",
      provider: { id: "ent-univ", source: "base", kind: "oidc", enabled: true, policy: "existing", hasSecret: false, updatedBy: "admin" },
    },
  },
  ...everyActor(
    { method: "PUT", url: `${URL_}/ent-univ`, body: { ...oidc("ent-univ"), label: "ENT de l'université" } },
    ADMIN_ONLY,
    "only admins change a provider",
    { 200: { provider: { label: "ENT de l'université" } } },
  ),
  ...everyActor({ method: "PUT", url: `${URL_}/ent-univ/enabled`, body: { enabled: false } }, ADMIN_ONLY, "only admins switch one off", {
    200: { message: "Fournisseur ENT désactivé.", provider: { enabled: false } },
  }),
  ...everyActor({ method: "POST", url: `${URL_}/inconnu/test` }, { ...ADMIN_ONLY, admin: 404 }, "only admins test a provider", {
    404: { message: "Fournisseur ENT introuvable." },
  }),
  ...everyActor({ method: "DELETE", url: `${URL_}/ent-univ` }, ADMIN_ONLY, "only admins delete one", {
    200: { message: "Fournisseur ENT supprimé." },
  }),
  {
    name: "a deleted provider is gone",
    method: "DELETE",
    url: `${URL_}/ent-univ`,
    as: "admin",
    status: 404,
    expect: { code: "NOT_FOUND", message: "Fournisseur ENT introuvable." },
  },
  {
    name: "a file provider cannot be changed here",
    method: "PUT",
    url: `${URL_}/fichier-ent`,
    as: "admin",
    body: { ...FILE_ENTRY, label: "Autre" },
    status: 409,
    expect: {
      code: "SSO_PROVIDER_FROM_FILE",
      message: "Ce fournisseur est configuré par le fichier PLANIFY_SSO_CONFIG : modifiez ce fichier puis redémarrez le serveur.",
    },
  },
  {
    name: "nor deleted",
    method: "DELETE",
    url: `${URL_}/fichier-ent`,
    as: "admin",
    status: 409,
    expect: { code: "SSO_PROVIDER_FROM_FILE" },
  },
  {
    name: "a stored provider cannot take a file provider's id",
    method: "POST",
    url: URL_,
    as: "admin",
    body: oidc("fichier-ent"),
    status: 409,
    expect: {
      code: "SSO_PROVIDER_ID_TAKEN",
      field: "id",
      message: "Identifiant : « fichier-ent » est déjà pris par un fournisseur du fichier PLANIFY_SSO_CONFIG ; choisis-en un autre.",
    },
  },
  {
    name: "files are the configuration file's business",
    method: "POST",
    url: URL_,
    as: "admin",
    body: { kind: "oidc", id: "ent2", label: "ENT", issuer: "https://sso.univ.fr", clientId: "p", clientSecretFile: "/etc/shadow" },
    status: 400,
    expect: {
      code: "SSO_PROVIDER_INVALID",
      field: "clientSecretFile",
      message: "clientSecretFile : les fichiers se déclarent dans PLANIFY_SSO_CONFIG, pas dans cet écran.",
    },
  },
  {
    name: "an issuer on http:// elsewhere than this machine is refused, naming the field",
    method: "POST",
    url: URL_,
    as: "admin",
    body: { kind: "oidc", id: "ent2", label: "ENT", issuer: "http://sso.univ.fr", clientId: "p" },
    status: 400,
    expect: {
      field: "issuer",
      message: "Émetteur (issuer) : une adresse https:// est attendue (http:// seulement sur cette machine).",
    },
  },
  {
    name: "a missing required field is named",
    method: "POST",
    url: URL_,
    as: "admin",
    body: { kind: "oidc", id: "ent2", label: "ENT", issuer: "https://sso.univ.fr", clientId: "" },
    status: 400,
    expect: { field: "clientId", message: "Identifiant client (client_id) : champ obligatoire manquant." },
  },
  {
    name: "an id with capitals or spaces is refused",
    method: "POST",
    url: URL_,
    as: "admin",
    body: oidc("Mon ENT"),
    status: 400,
    expect: { field: "id", message: "Identifiant : format invalide." },
  },
  {
    name: "a field of another kind is named",
    method: "POST",
    url: URL_,
    as: "admin",
    body: { ...oidc("ent-2"), casUrl: "https://cas.univ.fr/cas" },
    status: 400,
    expect: { field: "casUrl", message: "Adresse du serveur CAS : champ inconnu." },
  },
  {
    name: "a role mapping needs its claim",
    method: "POST",
    url: URL_,
    as: "admin",
    body: { ...oidc("ent-2"), roles: { claim: "", values: { student: "eleve" } } },
    status: 400,
    expect: { field: "roles.claim", message: "Attribut du statut : ne doit pas être vide." },
  },
];
describe("« Connexion ENT » admin routes", () => scenarioTests(table, () => env));

describe("a stored OpenID provider's secret", () => {
  const body = {
    kind: "oidc",
    id: "keycloak",
    label: "Keycloak de l'université",
    issuer: "https://sso.univ-exemple.fr/realms/etu",
    clientId: "planify",
    clientSecret: CLIENT_SECRET,
    policy: "provision",
    roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } },
  };

  it("is stored, never answered (hasSecret), kept by an update without one, and never journaled", async () => {
    const { ctx, actors } = env;
    const created = await ctx.request("POST", URL_, { token: actors.admin.token, body });
    expect(created.status).toBe(200);
    const createdText = await created.text();
    expect(createdText).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(createdText).provider).toMatchObject({ hasSecret: true, policy: "provision", roles: body.roles });

    const { clientSecret: _, ...withoutSecret } = body;
    const updated = await ctx.request("PUT", `${URL_}/keycloak`, { token: actors.admin.token, body: { ...withoutSecret, label: "ENT" } });
    expect(updated.status).toBe(200);
    const stored = (await first(ctx.deps.db.select().from(storedTable).where(eq(storedTable.id, "keycloak"))))!;
    expect(stored.config).toMatchObject({ label: "ENT", clientSecret: CLIENT_SECRET });

    const list = await (await ctx.request("GET", URL_, { token: actors.admin.token })).text();
    expect(list).not.toContain(CLIENT_SECRET);
    expect(list).not.toContain("secret-du-fichier");

    const entries = await ctx.deps.db.select().from(adminJournal);
    const mine = entries.filter((e) => e.action.startsWith("sso.provider-"));
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(["sso.provider-create", "sso.provider-update"]));
    expect(mine.find((e) => e.action === "sso.provider-update" && e.summary.includes("keycloak"))!.summary).toBe(
      "Fournisseur ENT « ENT » (keycloak) modifié",
    );
    expect(JSON.stringify(entries)).not.toContain(CLIENT_SECRET);
  });

  it("the id of a stored provider does not change on update", async () => {
    const { ctx, actors } = env;
    const res = await ctx.request("PUT", `${URL_}/keycloak`, { token: actors.admin.token, body: { ...body, id: "autre" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: "id",
      message: "Identifiant : l'identifiant d'un fournisseur ne change pas (il est dans ses adresses).",
    });
  });

  it("a stored entry that no longer passes the checks is skipped at sign-in and logged, and the list says why", async () => {
    const { ctx, actors } = env;
    const at = ctx.deps.now();
    await ctx.deps.db.insert(storedTable).values({
      id: "abime",
      config: { kind: "oidc", id: "abime", label: "Abîmé", clientId: "p" },
      createdAt: at,
      createdBy: "x",
      updatedAt: at,
      updatedBy: "x",
    });
    const pub = (await (await ctx.request("GET", "/api/auth/providers")).json()) as { providers: { id: string }[] };
    expect(pub.providers.map((p) => p.id)).toEqual(["fichier-ent", "keycloak"]);
    expect(logs.text()).toContain(
      "fournisseur ENT enregistré ignoré : PLANIFY_SSO_CONFIG : sso_providers[abime].issuer : champ obligatoire manquant.",
    );
    const list = (await (await ctx.request("GET", URL_, { token: actors.admin.token })).json()) as {
      providers: { id: string; problem: string | null }[];
    };
    expect(list.providers.find((p) => p.id === "abime")!.problem).toBe("Émetteur (issuer) : champ obligatoire manquant.");
  });
});
