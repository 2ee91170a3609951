import type { Cookie } from "elysia";
import type { LoginResponse } from "@planify/common/schemas/users";
import type { SsoFailure, SsoKind, SsoPolicy } from "@planify/common/constants/sso";
import type { SsoProviderConfig, SsoRoleMapping } from "@planify/common/schemas/sso";
import type { Static } from "@sinclair/typebox";
import type { AppDeps } from "../../deps";
import type { Tx, UserRow } from "../../db/types";
import type { IdpMetadata } from "./saml-metadata";

/** What every provider has once read: its defaults filled in. */
interface ProviderBase {
  id: string;
  label: string;
  enabled: boolean;
  usernameClaim: string;
  roles: Static<typeof SsoRoleMapping> | null;
  policy: SsoPolicy;
}

/** An OpenID Connect provider, its secret read. */
export interface OidcProvider extends ProviderBase {
  kind: "oidc";
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
}

/** A CAS 3.0 provider. */
export interface CasProvider extends ProviderBase {
  kind: "cas";
  /** The CAS server's address, without a trailing slash. */
  casUrl: string;
}

/** A SAML 2.0 identity provider. */
export interface SamlProvider extends ProviderBase {
  kind: "saml";
  /** The IdP metadata read from its file at start-up, or null when it comes from idpMetadataUrl. */
  idpMetadata: IdpMetadata | null;
  idpMetadataUrl: string | null;
  /** Planify's own key pair as a service provider (PEM), or null. */
  spPrivateKey: string | null;
  spCertificate: string | null;
  clockSkewSeconds: number;
}

/** A provider of the configuration, with its defaults filled in and its secrets read. */
export type SsoProvider = OidcProvider | CasProvider | SamlProvider;
/** The provider of one kind. */
export type ProviderOf<K extends SsoKind> = Extract<SsoProvider, { kind: K }>;

/** What deps.sso holds: the school's providers (from PLANIFY_SSO_CONFIG, or injected by tests). */
export interface SsoSettings {
  providers: SsoProvider[];
  /** Longest wait for a provider, in seconds (default SSO_PROVIDER_TIMEOUT_S; tests shorten it). */
  timeoutSeconds?: number;
}

/** Who the provider says signed in: its stable subject and the claims or attributes it sent. */
export interface SsoIdentity {
  subject: string;
  attributes: Record<string, unknown>;
}

/** What a started sign-in must remember until the callback (kept in the encrypted state cookie). */
export type Pending = Record<string, string>;

/**
 * One protocol (OIDC, CAS, SAML): how its configuration is read, where to send the browser,
 * how to check what comes back, and where its logout is.
 */
export interface ProviderKind<P extends SsoProvider = SsoProvider> {
  /** The username claim or attribute when the configuration names none. */
  defaultUsernameClaim: string;
  /**
   * The kind's own fields of a provider the schema already accepted (`where` names it in French
   * messages, e.g. "providers[0]"), checked further, defaults filled in and secret files read;
   * throws `configError(...)` on a refusal.
   */
  read(config: ConfigOf<P["kind"]>, where: string): Omit<P, keyof ProviderBase | "kind">;
  /**
   * `next` is the same-origin path the browser goes to once signed in, `binding` the hash of the
   * browser binding (browser-binding.ts); SAML keeps both server-side, the others in the state cookie.
   */
  start(deps: AppDeps, provider: P, redirectUri: string, next: string, binding: string): Promise<{ url: URL; pending: Pending }>;
  /** Checks the provider's answer at `currentUrl`; throws SsoError on any refusal. */
  finish(deps: AppDeps, provider: P, currentUrl: URL, pending: Pending): Promise<SsoIdentity>;
  /**
   * The provider's logout address, or null when it has none. `root` is the provider's
   * `<public URL>/api/auth/sso/<id>`; `cookie` the browser's (SAML keeps its sign-in there).
   */
  logoutUrl(deps: AppDeps, provider: P, postLogoutRedirectUri: string, at: { root: string; cookie: Cookies }): Promise<URL | null>;
}

/** The configuration file's entry of one kind. */
export type ConfigOf<K extends SsoKind> = Extract<SsoProviderConfig, { kind: K }>;

/** A refusal of the configuration, told in French to IT (the server does not start). */
export const configError = (text: string) => new Error(`PLANIFY_SSO_CONFIG : ${text}`);

/** A refused ENT sign-in: the error page's code, and a detail for the log (never a token or secret). */
export class SsoError extends Error {
  constructor(
    readonly failure: SsoFailure,
    readonly detail = "",
  ) {
    super(`${failure}${detail ? ` (${detail})` : ""}`);
  }
}

type Cookies = Record<string, Cookie<unknown>>;

/**
 * What sso needs from the account features, implemented by auth and wired by createApp
 * (so sso depends on no other feature): find an account by username, and open a session
 * exactly as a password login does.
 */
export interface SsoAccounts {
  findUserByUsername(deps: AppDeps, username: string): Promise<UserRow | undefined>;
  /** `signIn`: the request and the method, recorded for « Mes appareils » (auth's sessions). */
  sessionAnswer(
    deps: AppDeps,
    user: UserRow,
    rememberMe: boolean,
    cookie: Cookies,
    signIn?: { request: Request; ip: string; method: "ent" },
  ): Promise<LoginResponse>;
  /** Logout: closes the session the request's session cookie names and clears the cookie. */
  endCookieSession(deps: AppDeps, cookie: Cookies): Promise<void>;
  /** The hash of a password (an account created at first sign-in gets a random one nobody knows). */
  hashPassword(password: string): Promise<string>;
  /** Writes a new account and its reward items inside `tx` (users' insertAccount). */
  insertAccount(
    tx: Tx,
    nowMs: number,
    input: { username: string; role: "eleve" | "prof" | "admin"; firstName?: string; lastName?: string },
    passwordHash: string,
  ): Promise<UserRow>;
}
