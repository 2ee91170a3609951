import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { AppDeps } from "../../deps";
import { memoOf } from "../../lib/cache";
import { fetchBounded, statusFailure } from "./provider-fetch";
import { type SamlProvider, SsoError } from "./types";

/** What Planify needs of an IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  /** SingleSignOnService, HTTP-Redirect binding. */
  ssoUrl: string;
  /** SingleLogoutService, HTTP-Redirect binding, or null (local logout only). */
  sloUrl: string | null;
  /** The IdP's signing certificates (base64 DER, as in the metadata). */
  certificates: string[];
}

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

/** Metadata fetched from idpMetadataUrl is kept this long (the federation republishes daily). */
const METADATA_TTL_MS = 6 * 60 * 60_000;

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
const text = (value: unknown): string =>
  typeof value === "object" && value ? String((value as Node)["#text"] ?? "") : String(value ?? "");

// Namespace prefixes dropped (md:, ds:), attributes as "@_Name", no entity expansion.
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, processEntities: false, parseTagValue: false });

/** Every EntityDescriptor, whether the file is one or an EntitiesDescriptor (nested or not). */
function entities(node: Node): Node[] {
  return [...list(node.EntityDescriptor), ...list(node.EntitiesDescriptor).flatMap(entities)];
}

/**
 * Reads one IdP's metadata (an EntityDescriptor, or an EntitiesDescriptor holding exactly one
 * IdP); throws an Error in French naming what is missing.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const fail = (why: string): never => {
    throw new Error(`métadonnées de l'IdP illisibles : ${why}`);
  };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) fail(`XML invalide (ligne ${valid.err.line})`);
  const idps = entities(parser.parse(xml) as Node).filter((e) => e.IDPSSODescriptor);
  if (idps.length !== 1) fail(idps.length ? "plusieurs IdP dans le fichier, donnez celui de l'établissement" : "aucun IDPSSODescriptor");
  const entity = idps[0]!;
  const idp = list(entity.IDPSSODescriptor)[0]!;
  const location = (service: string) => list(idp[service]).find((s) => s["@_Binding"] === REDIRECT)?.["@_Location"] ?? null;
  const certificates = list(idp.KeyDescriptor)
    .filter((k) => !k["@_use"] || k["@_use"] === "signing")
    .flatMap((k) =>
      list(k.KeyInfo)
        .flatMap((i) => list(i.X509Data))
        .flatMap((d) => list(d.X509Certificate)),
    )
    .map((c) => text(c).replace(/\s+/g, ""))
    .filter(Boolean);
  const entityId = entity["@_entityID"];
  const ssoUrl = location("SingleSignOnService");
  if (typeof entityId !== "string" || !entityId) fail("entityID manquant");
  if (typeof ssoUrl !== "string") fail("pas de SingleSignOnService en HTTP-Redirect");
  if (!certificates.length) fail("aucun certificat de signature");
  const slo = location("SingleLogoutService");
  return { entityId: entityId as string, ssoUrl: ssoUrl as string, sloUrl: typeof slo === "string" ? slo : null, certificates };
}

/** The longest IdP metadata read from an address (one IdP's fits in a few KB; a federation's whole aggregate does not). */
export const IDP_METADATA_MAX_BYTES = 256 * 1024;

/**
 * Fetches and reads the metadata at `url` (within the provider timeout, body included, and
 * IDP_METADATA_MAX_BYTES); throws an SsoError whose detail is the French sentence for the admin:
 * ENT_INJOIGNABLE when the address cannot be reached, REPONSE_ENT_INVALIDE when it answers wrong.
 */
export async function fetchIdpMetadata(deps: AppDeps, url: string): Promise<IdpMetadata> {
  let answer: { status: number; text: string };
  try {
    answer = await fetchBounded(deps, url, IDP_METADATA_MAX_BYTES, { redirect: "follow" });
  } catch (error) {
    if (!(error instanceof SsoError)) throw error;
    const why =
      error.failure === "ENT_INJOIGNABLE"
        ? `ne répondent pas (${error.detail}) : vérifie leur adresse et que le serveur Planify peut la joindre`
        : `dépassent ${IDP_METADATA_MAX_BYTES / 1024} Ko : Planify n'en lit pas davantage. Donne l'adresse des métadonnées de l'IdP de l'établissement seul (pas celles de toute la fédération), ou enregistre-les dans un fichier (idpMetadataFile)`;
    throw new SsoError(error.failure, `Les métadonnées de l'IdP (${url.slice(0, 200)}) ${why}.`);
  }
  if (answer.status < 200 || answer.status > 299)
    throw new SsoError(
      statusFailure(answer.status),
      `Les métadonnées de l'IdP (${url.slice(0, 200)}) ont répondu HTTP ${answer.status} : vérifie leur adresse.`,
    );
  try {
    return parseIdpMetadata(answer.text);
  } catch (error) {
    const why = (error as Error).message.replace(/^métadonnées de l'IdP illisibles : /, "").slice(0, 200);
    throw new SsoError("REPONSE_ENT_INVALIDE", `Les métadonnées de l'IdP (${url.slice(0, 200)}) ne sont pas lisibles : ${why}.`);
  }
}

/** The IdP's metadata: from its file (parsed at start-up), or fetched from its address and kept for hours. */
export async function idpMetadata(deps: AppDeps, provider: SamlProvider): Promise<IdpMetadata> {
  if (provider.idpMetadata) return provider.idpMetadata;
  const url = provider.idpMetadataUrl!;
  const memo = memoOf<IdpMetadata>(deps, "sso-saml-metadata-url", { max: 50 });
  const key = `${provider.id} ${url}`;
  const now = Date.now();
  const hit = memo.peek(key, now);
  if (hit) return hit;
  try {
    return memo.set(key, await fetchIdpMetadata(deps, url), { from: now, until: now + METADATA_TTL_MS });
  } catch (error) {
    // A copy fetched earlier still serves while the address is down or answers wrong.
    const stale = memo.stale(key);
    if (stale) return stale;
    throw error;
  }
}
