import type { Profile } from "@node-saml/node-saml";
import { and, eq, sql } from "drizzle-orm";
import { ssoIdentities, users } from "../../db/schema";
import { first } from "../../db/engine";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { AppDeps } from "../../deps";
import { samlOf } from "./saml-client";
import { idpMetadata } from "./saml-metadata";
import { samlRequestStore } from "./saml-store";
import { type CookieJar, secure, stateKey } from "./state-cookie";
import type { SamlProvider } from "./types";

// SAML Single Logout (HTTP-Redirect binding both ways). A LogoutRequest must name the NameID
// and SessionIndex of the sign-in: they travel in an encrypted HttpOnly cookie set at the ACS
// (JWE as the state cookie, under a key of its own), for as long as the session cookie. A
// cookie rather than a table: nothing to clean up, no migration, and it belongs to the one
// browser that signed in, which is exactly who logs out. Its content is never logged.

/** The cookie holding what a LogoutRequest needs of this browser's SAML sign-in. */
export const SAML_SESSION_COOKIE = "planify_sso_saml";
const COOKIE_PATH = "/api/auth/sso";
const PURPOSE = "planify-sso-saml-session";
const UNSPECIFIED = "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified";

/** The sign-in's subject as the IdP named it, and its session at the IdP. */
export interface SamlSession {
  provider: string;
  nameID: string;
  nameIDFormat?: string;
  nameQualifier?: string;
  spNameQualifier?: string;
  sessionIndex?: string;
  /** The Planify account signed in (added by the ACS once known), whose sessions an IdP logout ends. */
  userId?: string;
}

/** What to keep of a validated assertion's profile (null without a NameID). */
export function samlSessionOf(provider: string, profile: Profile): SamlSession | null {
  if (typeof profile.nameID !== "string" || !profile.nameID) return null;
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  return {
    provider,
    nameID: profile.nameID,
    nameIDFormat: text(profile.nameIDFormat),
    nameQualifier: text(profile.nameQualifier),
    spNameQualifier: text(profile.spNameQualifier),
    sessionIndex: text(profile.sessionIndex),
  };
}

const cookieOptions = (deps: AppDeps, maxAge: number) => ({
  httpOnly: true,
  sameSite: "lax",
  path: COOKIE_PATH,
  maxAge,
  secure: secure(deps),
});

/** Sets the cookie next to the session cookie, expiring with it (`expiresAt`: the session's expiry). */
export async function writeSamlSessionCookie(deps: AppDeps, cookie: CookieJar, session: SamlSession, expiresAt: string) {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - deps.now()) / 1000));
  const now = Math.floor(deps.now() / 1000);
  const value = await new EncryptJWT({ ...session })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .encrypt(await stateKey(deps, PURPOSE));
  cookie[SAML_SESSION_COOKIE]!.set({ value, ...cookieOptions(deps, maxAge) });
}

/** The SAML sign-in this browser holds for `provider` (null when missing, expired, altered or another's). */
async function readSamlSession(deps: AppDeps, cookie: CookieJar, provider: string): Promise<SamlSession | null> {
  const value = cookie[SAML_SESSION_COOKIE]?.value;
  if (typeof value !== "string" || !value) return null;
  try {
    const { payload } = await jwtDecrypt(value, await stateKey(deps, PURPOSE), { currentDate: new Date(deps.now()) });
    const session = payload as unknown as SamlSession;
    return session.provider === provider && typeof session.nameID === "string" ? session : null;
  } catch {
    return null;
  }
}

const clearSamlSession = (deps: AppDeps, cookie: CookieJar) => cookie[SAML_SESSION_COOKIE]!.set({ value: "", ...cookieOptions(deps, 0) });

/**
 * The IdP's SingleLogoutService with a LogoutRequest (signed when the SP has a key) naming this
 * browser's sign-in; null when the IdP offers no SLO or the browser holds no SAML sign-in of
 * this provider. The cookie is spent either way. RelayState carries nothing.
 */
export async function samlLogoutUrl(deps: AppDeps, provider: SamlProvider, root: string, cookie: CookieJar): Promise<URL | null> {
  const session = await readSamlSession(deps, cookie, provider.id);
  clearSamlSession(deps, cookie);
  if (!session) return null;
  const idp = await idpMetadata(deps, provider);
  if (!idp.sloUrl) return null;
  // The request id is kept in saml_requests, so that the LogoutResponse's InResponseTo is ours.
  const saml = samlOf(provider, idp, root, samlRequestStore(deps, provider.id, "/"));
  const subject = { ...session, issuer: idp.entityId, nameIDFormat: session.nameIDFormat ?? UNSPECIFIED } as Profile;
  return new URL(await saml.getLogoutUrlAsync(subject, "", {}));
}

/**
 * Ends every Planify session of the account an IdP LogoutRequest names: the account kept in this
 * browser's cookie for that NameID, else the one tied to the NameID as subject. The token
 * version goes up, so the bearer token the web app keeps stops working too (401).
 */
async function endSessionsOf(deps: AppDeps, provider: string, nameID: string, mine: SamlSession | null): Promise<boolean> {
  const userId =
    (mine?.nameID === nameID ? mine.userId : undefined) ??
    (
      await first(
        deps.db
          .select({ userId: ssoIdentities.userId })
          .from(ssoIdentities)
          .where(and(eq(ssoIdentities.providerId, provider), eq(ssoIdentities.subject, nameID))),
      )
    )?.userId;
  if (!userId) return false;
  await deps.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  return true;
}

/**
 * GET <root>/slo, the IdP's HTTP-Redirect message (routes.ts answers a request with neither
 * SAMLRequest nor SAMLResponse itself, changing nothing). A LogoutResponse (to our LogoutRequest): the
 * local session already ended at /logout, checked and logged only. A LogoutRequest (the IdP
 * ends its session): when valid and naming this browser's sign-in (or when the browser holds
 * none), `endSession` runs, every Planify session of that account ends (endSessionsOf), and the
 * browser goes back to the IdP with a LogoutResponse. Unsigned
 * messages are refused (node-saml accepts them). Returns where the browser goes; any refusal
 * is a warn line (provider and reason, never the NameID) and "/".
 */
export async function samlSingleLogout(
  deps: AppDeps,
  provider: SamlProvider,
  root: string,
  request: Request,
  cookie: CookieJar,
  endSession: () => Promise<void>,
): Promise<string> {
  const raw = new URL(request.url).search.slice(1);
  const query = Object.fromEntries(new URLSearchParams(raw));
  const refuse = (why: string) => {
    deps.log("warn", `déconnexion SAML refusée fournisseur=${provider.id} raison=${why.replace(/\s+/g, " ").slice(0, 160)}`);
    return "/";
  };
  const isRequest = Boolean(query.SAMLRequest);
  if (!isRequest) {
    // The answer to our LogoutRequest: nothing of the session is left, whatever it says.
    await endSession();
    clearSamlSession(deps, cookie);
  }
  if (!query.SAMLRequest === !query.SAMLResponse) return refuse("ni SAMLRequest ni SAMLResponse (ou les deux)");
  if (!query.Signature || !query.SigAlg) return refuse("message non signé");
  try {
    const idp = await idpMetadata(deps, provider);
    const saml = samlOf(provider, idp, root, samlRequestStore(deps, provider.id, "/"));
    const { profile } = await saml.validateRedirectAsync(query, raw);
    if (!isRequest) {
      deps.log("info", `déconnexion SAML terminée fournisseur=${provider.id}`);
      return "/";
    }
    if (!profile) return refuse("LogoutRequest vide");
    const mine = await readSamlSession(deps, cookie, provider.id);
    const known = !mine || mine.nameID === profile.nameID;
    let ended = false;
    if (known) {
      await endSession();
      clearSamlSession(deps, cookie);
      ended = typeof profile.nameID === "string" && (await endSessionsOf(deps, provider.id, profile.nameID, mine));
    }
    if (!idp.sloUrl) return refuse("l'IdP n'a pas de SingleLogoutService en HTTP-Redirect pour la réponse");
    deps.log(
      "info",
      `déconnexion SAML demandée par l'IdP fournisseur=${provider.id} session=${known ? "fermée" : "autre"}${ended ? " sessions Planify fermées" : ""}`,
    );
    return await saml.getLogoutResponseUrlAsync(profile, query.RelayState ?? "", {}, known);
  } catch (error) {
    return refuse((error as Error)?.message ?? String(error));
  }
}
