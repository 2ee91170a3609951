import { readFileSync } from "node:fs";
import { Value, ValueErrorType, type ValueError } from "@sinclair/typebox/value";
import { SSO_KINDS, type SsoKind } from "@planify/common/constants/sso";
import { SSO_CONFIG_BY_KIND, type SsoProviderConfig } from "@planify/common/schemas/sso";
import { kindOf, spokenKinds } from "./kinds";
import { configError, type SsoProvider, type SsoSettings } from "./types";

/** "providers/0/issuer" → "providers[0].issuer": the field as IT reads it. */
const fieldName = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/\/(\d+)/g, "[$1]")
    .replace(/\//g, ".") || "(racine)";

/**
 * One provider, checked against the schema of its kind (so the message names the kind's own
 * field), then by its kind; defaults filled in, secret files read.
 */
export function readProvider(json: unknown, where: string): SsoProvider {
  const kindName = (json as { kind?: unknown } | null)?.kind;
  if (typeof kindName !== "string" || !(kindName in SSO_CONFIG_BY_KIND))
    throw configError(`${where}.kind : valeur non reconnue (attendu : ${SSO_KINDS.map((k) => `« ${k} »`).join(", ")}).`);
  const kind = kindOf(kindName as SsoKind);
  if (!kind) throw configError(`${where}.kind : « ${kindName} » n'est pas encore pris en charge (${spokenKinds()} le sont).`);
  const error = Value.Errors(SSO_CONFIG_BY_KIND[kindName as SsoKind], json).First();
  if (error) throw configError(`${where}${error.path ? `.${fieldName(error.path)}` : ""} : ${frenchReason(error)}.`);
  const config = json as SsoProviderConfig;
  return {
    ...kind.read(config as never, where),
    id: config.id,
    kind: config.kind,
    label: config.label.trim(),
    enabled: config.enabled !== false,
    usernameClaim: config.usernameClaim ?? kind.defaultUsernameClaim,
    roles: config.roles ?? null,
    policy: config.policy ?? "existing",
  } as SsoProvider;
}

/** The `where` of a provider checked for a form: its messages then start with this name. */
const FORM = "fournisseur";

/**
 * The same checks as readProvider for one provider typed in a form: null when it is accepted,
 * else the refused field ("issuer", "roles.claim"; "" for the whole provider) and the reason,
 * without the configuration file's prefix.
 */
export function providerProblem(json: unknown): { field: string; reason: string } | null {
  try {
    readProvider(json, FORM);
    return null;
  } catch (error) {
    const text = (error as Error).message.replace(configError("").message, "");
    const match = new RegExp(`^${FORM}(?:\\.(\\S+))? : (.*)$`, "s").exec(text);
    return match ? { field: match[1] ?? "", reason: match[2]! } : { field: "", reason: text };
  }
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
  const list = (json as { providers?: unknown } | null)?.providers;
  if (!json || typeof json !== "object" || Array.isArray(json)) throw configError("(racine) : un objet est attendu.");
  const extra = Object.keys(json).find((k) => k !== "providers");
  if (extra) throw configError(`${extra} : champ inconnu.`);
  if (!Array.isArray(list))
    throw configError(`providers : ${list === undefined ? "champ obligatoire manquant" : "une liste est attendue"}.`);
  const providers = list.map((p, i) => readProvider(p, `providers[${i}]`));
  const seen = new Set<string>();
  for (const [i, p] of providers.entries()) {
    if (seen.has(p.id)) throw configError(`providers[${i}].id : l'identifiant « ${p.id} » est déjà utilisé.`);
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
    throw configError(`impossible de lire le fichier ${path}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw configError(`le fichier ${path} n'est pas du JSON valide.`);
  }
  return parseSsoConfig(json);
}
