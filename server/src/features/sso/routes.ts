import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import { LoginResponse } from "@planify/common/schemas/users";
import { SamlAcsBody, SamlSloQuery } from "@planify/common/schemas/sso-saml";
import { SsoCallbackQuery, SsoExchangeBody, SsoProviderParams, SsoStartQuery } from "@planify/common/schemas/sso";
import { SignInOptionsResponse } from "@planify/common/schemas/school-settings";
import { schoolSetting } from "../../lib/school-settings";
import { SSO_ERROR_PAGE, SSO_FRAGMENT_KEY, type SsoFailure, safeNextPath } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { AppError } from "../../lib/errors";
import { clientIp } from "../../plugins/context";
import { signInIdentity, takeLoginCode } from "./accounts";
import { bindBrowser, browserBinding, clearBrowserBinding } from "./browser-binding";
import { TOKEN_TTL_REMEMBER_S } from "@planify/common/constants/limits";
import { kindOf } from "./kinds";
import { journalRefusal } from "./refusal-journal";
import { allProviders } from "./stored-providers";
import { takeStateCookie, writeStateCookie } from "./state-cookie";
import { finishSaml, samlSpMetadata } from "./saml";
import { samlSingleLogout, writeSamlSessionCookie } from "./saml-logout";
import { type ProviderKind, type SsoAccounts, type SsoIdentity, type SsoProvider, SsoError } from "./types";
import { driverError, isUniqueViolation } from "../../db/errors";

/** Browser routes answer with a redirection (no JSON body). */
const Redirect = Type.String({ description: "Redirection (en-tête Location)" });
const redirects = replies({ 302: Redirect });

/** The school's providers: PLANIFY_SSO_CONFIG's (or injected by tests), then those of the admin screen. */
export const ssoProviders = (deps: AppDeps): Promise<SsoProvider[]> => allProviders(deps);

async function enabledProvider(deps: AppDeps, id: string): Promise<{ provider: SsoProvider; kind: ProviderKind }> {
  const provider = (await ssoProviders(deps)).find((p) => p.id === id && p.enabled);
  const kind = provider && kindOf(provider.kind);
  if (!provider || !kind) throw new SsoError("FOURNISSEUR_INCONNU", `fournisseur=${id.slice(0, 40)}`);
  return { provider, kind };
}

/** Where this server is reached: PLANIFY_PUBLIC_URL, or the request's own origin. */
export const baseUrl = (deps: AppDeps, request: Request) => (deps.settings.publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
/** A provider's routes: `<root>/start`, `/callback`, `/logout`, SAML's `/acs`, `/metadata` and `/slo`. */
const providerRoot = (deps: AppDeps, request: Request, id: string) => `${baseUrl(deps, request)}/api/auth/sso/${encodeURIComponent(id)}`;
const callbackUri = (deps: AppDeps, request: Request, id: string) => `${providerRoot(deps, request, id)}/callback`;

/** GET /slo without a SAML message: a French page, status 400, and nothing cleared. */
const noSamlMessagePage = () =>
  new Response(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Déconnexion ENT</title></head><body><p>Cette adresse attend un message de déconnexion de l'ENT (SAML) et n'en a reçu aucun : rien n'a été changé. <a href="/">Revenir à Planify</a></p></body></html>`,
    { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
  );

const seeOther = (location: string) => new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });

/**
 * ENT sign-in (rule: features/sso in docs/architecture.md). Browser routes never answer JSON:
 * every refusal sends the browser to the web page /connexion-ent?erreur=<CODE> and is logged
 * (provider, reason, address; never a code, token or secret).
 */
export const ssoRoutes = (deps: AppDeps, accounts: SsoAccounts) => {
  const refuse = async (request: Request, server: Parameters<typeof clientIp>[2], id: string, error: unknown) => {
    const failure: SsoFailure = error instanceof SsoError ? error.failure : "JETON_INVALIDE";
    const detail = error instanceof SsoError ? error.detail : (error as Error)?.message?.slice(0, 120);
    const ip = clientIp(deps, request, server);
    deps.log("warn", `échec de connexion ENT fournisseur=${id.slice(0, 40)} raison=${failure} ip=${ip}`, { detail });
    await journalRefusal(deps, id, failure, ip);
    return seeOther(`${SSO_ERROR_PAGE}?erreur=${failure}`);
  };

  /**
   * The end of every kind's flow: the account and `next` with the one-time code, bound to the
   * browser that started (`binding`). No session cookie here: the session is made at the exchange,
   * in that browser only (an attacker's auto-posted SAMLResponse signs no victim in).
   */
  const signedIn = async (provider: SsoProvider, identity: SsoIdentity, next: string, binding: string) => {
    try {
      const { user, code, outcome } = await signInIdentity(deps, accounts, provider, identity, binding);
      deps.log("info", `connexion ENT fournisseur=${provider.id} utilisateur=${user.username} (${outcome})`);
      return { user, answer: seeOther(`${next}#${SSO_FRAGMENT_KEY}=${code}`) };
    } catch (error) {
      // Two identities racing to tie the same account: its unique index refused the second. (A
      // username clash never lands here: accounts.ts takes the next free username.)
      // SQLite names the columns (sso_identities.user_id…), PostgreSQL the index (sso_identities_user_idx…).
      const refused = driverError(error);
      if (
        isUniqueViolation(error) &&
        /sso_identities(\.(user_id|provider_id)|_(user|subject)_idx)/.test(`${refused.message} ${refused.constraint}`)
      )
        throw new SsoError("IDENTITE_DEJA_LIEE", "course");
      throw error;
    }
  };

  return new Elysia({ prefix: "/auth" })
    .get(
      "/providers",
      async () => ({
        success: true as const,
        providers: (await ssoProviders(deps))
          .filter((p) => p.enabled && kindOf(p.kind))
          .map(({ id, kind, label }) => ({ id, kind, label })),
        passwordSignIn: await schoolSetting(deps.db, "passwordSignIn"),
      }),
      { response: replies({ 200: SignInOptionsResponse }) },
    )
    .get(
      "/sso/:id/start",
      async ({ params, query, request, server, cookie }) => {
        try {
          const { provider, kind } = await enabledProvider(deps, params.id);
          const next = safeNextPath(typeof query.next === "string" ? query.next : null);
          const binding = bindBrowser(deps, cookie);
          const { url, pending } = await kind.start(deps, provider, callbackUri(deps, request, provider.id), next, binding);
          await writeStateCookie(deps, cookie, { provider: provider.id, next, binding, pending });
          return seeOther(url.href);
        } catch (error) {
          return await refuse(request, server, params.id, error);
        }
      },
      { params: SsoProviderParams, query: SsoStartQuery, response: redirects },
    )
    .get(
      "/sso/:id/callback",
      async ({ params, request, server, cookie }) => {
        try {
          const { provider, kind } = await enabledProvider(deps, params.id);
          const started = await takeStateCookie(deps, cookie, provider.id);
          if (!started) throw new SsoError("ETAT_INVALIDE", "cookie absent, expiré ou modifié");
          const current = new URL(request.url);
          const here = new URL(callbackUri(deps, request, provider.id));
          here.search = current.search;
          const identity = await kind.finish(deps, provider, here, started.pending);
          return (await signedIn(provider, identity, started.next, started.binding)).answer;
        } catch (error) {
          return await refuse(request, server, params.id, error);
        }
      },
      { params: SsoProviderParams, query: SsoCallbackQuery, response: redirects },
    )
    .post(
      "/sso/:id/acs",
      async ({ params, body, request, server, cookie }) => {
        try {
          const { provider } = await enabledProvider(deps, params.id);
          if (provider.kind !== "saml") throw new SsoError("FOURNISSEUR_INCONNU", "pas un fournisseur SAML");
          const { identity, next, binding, session } = await finishSaml(deps, provider, providerRoot(deps, request, provider.id), body);
          const { user, answer } = await signedIn(provider, identity, next, binding);
          // What a LogoutRequest needs, kept as long as a remembered session (never a session itself).
          const until = new Date(deps.now() + TOKEN_TTL_REMEMBER_S * 1000).toISOString();
          if (session) await writeSamlSessionCookie(deps, cookie, { ...session, userId: user.id }, until);
          return answer;
        } catch (error) {
          return await refuse(request, server, params.id, error);
        }
      },
      { params: SsoProviderParams, body: SamlAcsBody, response: redirects },
    )
    .get(
      "/sso/:id/metadata",
      async ({ params, request }) => {
        const provider = (await ssoProviders(deps)).find((p) => p.id === params.id && p.enabled);
        if (provider?.kind !== "saml") throw new AppError("NOT_FOUND", "Aucun fournisseur SAML sous cet identifiant.");
        return new Response(samlSpMetadata(provider, providerRoot(deps, request, provider.id)), {
          headers: { "content-type": "application/samlmetadata+xml; charset=utf-8" },
        });
      },
      {
        params: SsoProviderParams,
        response: replies({ 200: Type.String({ description: "Métadonnées SAML du fournisseur de service (XML)" }) }),
      },
    )
    .post(
      "/sso/exchange",
      async ({ body, cookie, request, server }) => {
        // Only the browser that started the sign-in (browser-binding.ts): no login CSRF.
        const user = await takeLoginCode(deps, body.code, browserBinding(cookie));
        if (user === "other-browser") throw new AppError("SSO_OTHER_BROWSER");
        if (!user) throw new AppError("SSO_CODE_INVALID");
        clearBrowserBinding(deps, cookie);
        return accounts.sessionAnswer(deps, user, true, cookie, { request, ip: clientIp(deps, request, server), method: "ent" });
      },
      { body: SsoExchangeBody, response: replies({ 200: LoginResponse }) },
    )
    .get(
      "/sso/:id/logout",
      async ({ params, request, server, cookie }) => {
        // The local session ends first (« Mes appareils » too), whatever the provider answers.
        await accounts.endCookieSession(deps, cookie);
        try {
          const { provider, kind } = await enabledProvider(deps, params.id);
          const root = providerRoot(deps, request, provider.id);
          const url = await kind.logoutUrl(deps, provider, `${baseUrl(deps, request)}/`, { root, cookie });
          return seeOther(url?.href ?? "/");
        } catch (error) {
          return await refuse(request, server, params.id, error);
        }
      },
      { params: SsoProviderParams, response: redirects },
    )
    .get(
      "/sso/:id/slo",
      async ({ params, query, request, cookie }) => {
        // SAML Single Logout: the IdP's LogoutResponse, or its own LogoutRequest (saml-logout.ts).
        // Without either, nothing is touched (a link cannot log anyone out).
        if (!query.SAMLRequest && !query.SAMLResponse) return noSamlMessagePage();
        const provider = (await ssoProviders(deps)).find((p) => p.id === params.id && p.enabled);
        if (provider?.kind !== "saml") {
          deps.log("warn", `déconnexion SAML refusée fournisseur=${params.id.slice(0, 40)} raison=pas un fournisseur SAML actif`);
          return seeOther("/");
        }
        const root = providerRoot(deps, request, provider.id);
        const end = () => accounts.endCookieSession(deps, cookie);
        return seeOther(await samlSingleLogout(deps, provider, root, request, cookie, end));
      },
      {
        params: SsoProviderParams,
        query: SamlSloQuery,
        response: replies({ 302: Redirect, 400: Type.String({ description: "Page HTML en français : aucun message SAML" }) }),
      },
    );
};
