import { readFileSync } from "node:fs";
import { Value, ValueErrorType, type ValueError } from "@sinclair/typebox/value";
import { SsoConfigFile, type SsoProviderConfig } from "@planify/common/schemas/sso";
import type { SsoProvider, SsoSettings } from "./types";

const DEFAULT_SCOPES = ["openid", "profile", "email"];
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

const fail = (text: string) => new Error(`PLANIFY_SSO_CONFIG : ${text}`);

/** "providers/0/issuer" → "providers[0].issuer": the field as IT reads it. */
const fieldName = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/\/(\d+)/g, "[$1]")
    .replace(/\//g, ".") || "(racine)";

function readSecret(p: SsoProviderConfig, where: string): string | null {
  if (p.clientSecret && p.clientSecretFile)
    throw fail(`${where} : clientSecret et clientSecretFile sont tous deux définis, gardez-en un seul.`);
  if (!p.clientSecretFile) return p.clientSecret ?? null;
  let text: string;
  try {
    text = readFileSync(p.clientSecretFile, "utf8");
  } catch {
    throw fail(`${where}.clientSecretFile : impossible de lire ${p.clientSecretFile}.`);
  }
  const secret = text.replace(/[\r\n]+$/, "");
  if (!secret) throw fail(`${where}.clientSecretFile : le fichier ${p.clientSecretFile} est vide.`);
  return secret;
}

/** Checks one provider beyond its schema and fills in the defaults. */
function provider(p: SsoProviderConfig, index: number): SsoProvider {
  const where = `providers[${index}]`;
  if (p.kind !== "oidc") throw fail(`${where}.kind : « ${p.kind} » n'est pas encore pris en charge (seul « oidc » l'est).`);
  let issuer: URL;
  try {
    issuer = new URL(p.issuer);
  } catch {
    throw fail(`${where}.issuer : adresse invalide (${p.issuer}).`);
  }
  if (issuer.protocol !== "https:" && !LOOPBACK.test(p.issuer))
    throw fail(`${where}.issuer : une adresse https:// est attendue (http:// seulement sur cette machine).`);
  return {
    id: p.id,
    kind: p.kind,
    label: p.label.trim(),
    enabled: p.enabled !== false,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: readSecret(p, where),
    scopes: p.scopes ?? DEFAULT_SCOPES,
    usernameClaim: p.usernameClaim ?? "preferred_username",
    roles: p.roles ?? null,
    policy: p.policy ?? "existing",
  };
}

/** A schema failure told in French. */
function frenchReason(error: ValueError): string {
  if (error.value === undefined) return "champ obligatoire manquant";
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "champ obligatoire manquant";
    case ValueErrorType.ObjectAdditionalProperties:
      return "champ inconnu";
    case ValueErrorType.String:
      return "du texte est attendu";
    case ValueErrorType.StringPattern:
      return "format invalide";
    case ValueErrorType.StringMinLength:
      return "ne doit pas être vide";
    case ValueErrorType.Boolean:
      return "true ou false est attendu";
    case ValueErrorType.Array:
      return "une liste est attendue";
    case ValueErrorType.Object:
      return "un objet est attendu";
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      return "valeur non reconnue";
    default:
      return "valeur invalide";
  }
}

/** The providers of a parsed configuration (throws a French error naming the field). */
export function parseSsoConfig(json: unknown): SsoSettings {
  const error = Value.Errors(SsoConfigFile, json).First();
  if (error) throw fail(`${fieldName(error.path)} : ${frenchReason(error)}.`);
  const file = json as SsoConfigFile;
  const providers = file.providers.map(provider);
  const seen = new Set<string>();
  for (const [i, p] of providers.entries()) {
    if (seen.has(p.id)) throw fail(`providers[${i}].id : l'identifiant « ${p.id} » est déjà utilisé.`);
    seen.add(p.id);
  }
  return { providers };
}

/** Reads the file PLANIFY_SSO_CONFIG names; null when the variable is unset. */
export function loadSsoConfig(path: string | undefined): SsoSettings | null {
  if (!path) return null;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw fail(`impossible de lire le fichier ${path}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`le fichier ${path} n'est pas du JSON valide.`);
  }
  return parseSsoConfig(json);
}
