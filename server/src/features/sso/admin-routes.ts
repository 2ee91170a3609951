import { Elysia } from "elysia";
import {
  SsoAdminEnabledBody,
  SsoAdminParams,
  type SsoAdminProvider,
  SsoAdminProviderBody,
  SsoAdminProviderResponse,
  SsoAdminProvidersResponse,
  SsoAdminRefusal,
  SsoAdminTestResponse,
} from "@planify/common/schemas/sso-admin";
import { ssoFieldMessage } from "@planify/common/schemas/sso-admin";
import { OkMessage } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { checkProvider } from "./check";
import { providerProblem, readProvider } from "./config-file";
import { baseUrl } from "./routes";
import {
  createStored,
  deleteStored,
  refusalStatus,
  SsoFormRefusal,
  setStoredEnabled,
  storedRow,
  storedRows,
  updateStored,
} from "./stored-providers";

type Config = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" ? v : null);

/** One provider as the screen shows it, from a file entry (read) or a stored one (as typed). */
function present(
  config: Config,
  source: SsoAdminProvider["source"],
  base: string,
  extra: Partial<SsoAdminProvider> = {},
): SsoAdminProvider {
  const id = String(config.id);
  const kind = config.kind as SsoAdminProvider["kind"];
  const at = `${base}/api/auth/sso/${encodeURIComponent(id)}`;
  return {
    id,
    kind,
    label: String(config.label),
    enabled: config.enabled !== false,
    source,
    registerUrl: kind === "saml" ? `${at}/metadata` : `${at}/callback`,
    usernameClaim: text(config.usernameClaim),
    policy: config.policy === "provision" ? "provision" : "existing",
    roles: (config.roles as SsoAdminProvider["roles"]) ?? null,
    issuer: text(config.issuer),
    clientId: text(config.clientId),
    scopes: Array.isArray(config.scopes) ? (config.scopes as string[]) : null,
    hasSecret: typeof config.clientSecret === "string" && config.clientSecret.length > 0,
    casUrl: text(config.casUrl),
    idpMetadataUrl: text(config.idpMetadataUrl),
    problem: null,
    updatedAt: null,
    updatedBy: null,
    ...extra,
  };
}

/** The file's providers, then the stored ones (a stored one that fails the checks says why). */
async function listFor(deps: AppDeps, request: Request): Promise<SsoAdminProvider[]> {
  const base = baseUrl(deps, request);
  const file = (deps.sso?.providers ?? []).map((p) => present(p as unknown as Config, "fichier", base));
  const stored = (await storedRows(deps)).map((row) => {
    const problem = providerProblem(row.config);
    return present(row.config, "base", base, {
      problem: problem ? ssoFieldMessage(problem.field, problem.reason) : null,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy,
    });
  });
  return [...file, ...stored];
}

const one = async (deps: AppDeps, request: Request, id: string) => (await listFor(deps, request)).find((p) => p.id === id)!;

/** Runs a write; a refused form is answered here, with the field it is about. */
async function answer<T>(set: { status?: number | string }, write: () => Promise<T>): Promise<T | SsoAdminRefusal> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof SsoFormRefusal)) throw error;
    set.status = refusalStatus(error);
    return { success: false, code: error.code, message: error.message, field: error.field };
  }
}

const doc = (summary: string, description: string) => ({ summary, description });
const refusals = { 400: SsoAdminRefusal, 409: SsoAdminRefusal };

/** /sso-admin/providers: the admin screen « Connexion ENT » (admins only; every write journaled, never a secret). */
export const ssoAdminRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/sso-admin/providers" })
    .use(authPlugin(deps))
    .get("/", async ({ request }) => ({ success: true as const, providers: await listFor(deps, request) }), {
      auth: ["admin"],
      response: replies({ 200: SsoAdminProvidersResponse }),
      detail: doc(
        "Fournisseurs ENT",
        "Admin. Ceux du fichier PLANIFY_SSO_CONFIG (source « fichier », lecture seule) puis ceux enregistrés (« base »), avec l'adresse à déclarer chez le fournisseur. Jamais de secret : hasSecret seulement.",
      ),
    })
    .post(
      "/",
      ({ user, body, request, set }) =>
        answer(set, async () => {
          const id = await createStored(deps, user, body);
          return { success: true as const, message: "Fournisseur ENT ajouté.", provider: await one(deps, request, id) };
        }),
      {
        auth: ["admin"],
        body: SsoAdminProviderBody,
        response: replies({ 200: SsoAdminProviderResponse, ...refusals }),
        detail: doc(
          "Ajouter un fournisseur ENT",
          "Admin. Même forme qu'une entrée du fichier, sans champ *File ; l'identifiant ne doit être pris ni par le fichier ni par la base. Inscrit au journal (sso.provider-create).",
        ),
      },
    )
    .put(
      "/:id",
      ({ user, params, body, request, set }) =>
        answer(set, async () => {
          await updateStored(deps, user, params.id, body);
          return { success: true as const, message: "Fournisseur ENT enregistré.", provider: await one(deps, request, params.id) };
        }),
      {
        auth: ["admin"],
        params: SsoAdminParams,
        body: SsoAdminProviderBody,
        response: replies({ 200: SsoAdminProviderResponse, ...refusals }),
        detail: doc(
          "Modifier un fournisseur ENT",
          "Admin. Remplace ses champs ; sans clientSecret, le secret enregistré est gardé. Un fournisseur du fichier ne se modifie pas ici (409). Inscrit au journal (sso.provider-update).",
        ),
      },
    )
    .put(
      "/:id/enabled",
      async ({ user, params, body, request }) => {
        await setStoredEnabled(deps, user, params.id, body.enabled);
        return {
          success: true as const,
          message: body.enabled ? "Fournisseur ENT activé." : "Fournisseur ENT désactivé.",
          provider: await one(deps, request, params.id),
        };
      },
      {
        auth: ["admin"],
        params: SsoAdminParams,
        body: SsoAdminEnabledBody,
        response: replies({ 200: SsoAdminProviderResponse }),
        detail: doc("Activer ou désactiver un fournisseur ENT", "Admin. Inscrit au journal (sso.provider-enable)."),
      },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deleteStored(deps, user, params.id);
        return { success: true as const, message: "Fournisseur ENT supprimé." };
      },
      {
        auth: ["admin"],
        params: SsoAdminParams,
        response: replies({ 200: OkMessage }),
        detail: doc(
          "Supprimer un fournisseur ENT",
          "Admin. Les comptes liés gardent leur lien (il resservira si le fournisseur revient sous le même identifiant). Inscrit au journal (sso.provider-delete).",
        ),
      },
    )
    .post(
      "/:id/test",
      async ({ params }) => {
        const fromFile = deps.sso?.providers.find((p) => p.id === params.id);
        let provider = fromFile;
        if (!provider) {
          const row = await storedRow(deps, params.id);
          const problem = providerProblem(row.config);
          if (problem) return { success: true as const, reachable: false, message: ssoFieldMessage(problem.field, problem.reason) };
          provider = readProvider(row.config, "fournisseur");
        }
        return { success: true as const, ...(await checkProvider(deps, provider)) };
      },
      {
        auth: ["admin"],
        params: SsoAdminParams,
        response: replies({ 200: SsoAdminTestResponse }),
        detail: doc(
          "Tester la connexion à un fournisseur ENT",
          "Admin. OIDC : la découverte répond et son émetteur correspond ; CAS : la page /login répond ; SAML : les métadonnées sont lisibles. Résultat en français, rien n'est écrit.",
        ),
      },
    );
