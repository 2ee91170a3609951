import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { AppDeps } from "../../deps";
import { fetchBounded, statusFailure } from "./provider-fetch";
import { checkedUrl } from "./read-secret";
import { type CasProvider, type ProviderKind, type SsoIdentity, SsoError } from "./types";

// CAS 3.0 (Apereo CAS protocol specification, as esup CAS and Apereo CAS serve it): the browser
// goes to /login?service=<callback>, comes back with ?ticket=ST-…, and the server validates the
// ticket at /p3/serviceValidate with exactly the same service. CAS has no `state`: the encrypted
// state cookie of routes.ts binds the flow to the browser that started it. The answer is parsed
// with fast-xml-parser, never with regular expressions.

/** The longest validation answer read (an answer with a few hundred attributes stays far below). */
const MAX_ANSWER_BYTES = 256 * 1024;

/** The attribute that means the `<cas:user>` value (the default username). */
export const CAS_USER_ATTRIBUTE = "user";

/** The specification's longest ticket (CAS 3.0 §3.7: "at least 32 characters long", at most 256 accepted). */
export const CAS_TICKET_MAX_CHARS = 256;
/**
 * What a ticket may hold: the specification's letters, digits and "-", plus "." and "_" that
 * Apereo CAS puts in its host suffix (ST-1-…-cas.univ.fr). Anything else is refused unsent.
 */
const TICKET_CHARS = /^[A-Za-z0-9._-]+$/;

/** Failure codes of the specification that say the CAS server itself failed, not the ticket. */
const SERVER_FAILURES = new Set(["INTERNAL_ERROR"]);

// Every element becomes a list, so a repeated attribute (eduPersonAffiliation) and a single one
// read the same way; namespace prefixes (cas:) are removed; values stay text (no number parsing).
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: () => true,
});

type Node = Record<string, unknown>;

/** The text of an element (`<a>x</a>` → "x", `<a code="y">x</a>` → "x", `<a/>` → ""); null when it has children. */
function textOf(node: unknown): string | null {
  if (typeof node === "string") return node;
  if (node && typeof node === "object") {
    const keys = Object.keys(node).filter((k) => !k.startsWith("@"));
    if (keys.length === 0) return "";
    if (keys.length === 1 && keys[0] === "#text") return String((node as Node)["#text"]);
  }
  return null;
}

const first = (node: unknown, name: string): unknown => {
  const list = node && typeof node === "object" ? (node as Node)[name] : undefined;
  return Array.isArray(list) ? list[0] : undefined;
};

/** The attributes of a success: each name once, a repeated element as a list of its values. */
function attributesOf(success: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const node = first(success, "attributes");
  if (!node || typeof node !== "object") return out;
  for (const [name, list] of Object.entries(node as Node)) {
    if (name.startsWith("@") || name === "#text" || !Array.isArray(list)) continue;
    const values = list.map(textOf).filter((v): v is string => v !== null);
    if (values.length) out[name] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The identity of a `/p3/serviceValidate` answer, or the SsoError it means. */
export function readValidation(xml: string): SsoIdentity {
  if (XMLValidator.validate(xml) !== true) throw new SsoError("JETON_INVALIDE", "réponse CAS illisible (XML invalide)");
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    throw new SsoError("JETON_INVALIDE", "réponse CAS illisible");
  }
  const response = first(doc, "serviceResponse");
  const failure = first(response, "authenticationFailure");
  if (failure !== undefined) {
    const code = String((failure as Node | null)?.["@code"] ?? "").slice(0, 40) || "sans code";
    throw new SsoError(SERVER_FAILURES.has(code) ? "ENT_INJOIGNABLE" : "TICKET_REFUSE", `CAS : ${code}`);
  }
  const success = first(response, "authenticationSuccess");
  if (success === undefined) throw new SsoError("JETON_INVALIDE", "réponse CAS sans authenticationSuccess ni authenticationFailure");
  const user = textOf(first(success, "user"))?.trim();
  if (!user) throw new SsoError("JETON_INVALIDE", "réponse CAS sans cas:user");
  // The <cas:user> value is the subject, and "user" names it for usernameClaim (it wins over an attribute of that name).
  return { subject: user, attributes: { ...attributesOf(success), [CAS_USER_ATTRIBUTE]: user } };
}

/** GET the validation of `ticket` for `service`, within the provider timeout and MAX_ANSWER_BYTES. */
async function validate(deps: AppDeps, provider: CasProvider, service: string, ticket: string): Promise<string> {
  const url = new URL(`${provider.casUrl}/p3/serviceValidate`);
  url.searchParams.set("service", service);
  url.searchParams.set("ticket", ticket);
  let answer: { status: number; text: string };
  try {
    answer = await fetchBounded(deps, url, MAX_ANSWER_BYTES, { headers: { accept: "application/xml, text/xml" } });
  } catch (error) {
    // The ticket never appears in the detail (fetchBounded's names the error only).
    if (error instanceof SsoError) throw new SsoError(error.failure, `serviceValidate : ${error.detail}`);
    throw error;
  }
  if (answer.status < 200 || answer.status > 299)
    throw new SsoError(statusFailure(answer.status), `serviceValidate : HTTP ${answer.status}`);
  return answer.text;
}

export const casKind: ProviderKind<CasProvider> = {
  defaultUsernameClaim: CAS_USER_ATTRIBUTE,

  read(config, where) {
    return { casUrl: checkedUrl(`${where}.casUrl`, config.casUrl).replace(/\/+$/, "") };
  },

  async start(_deps, provider, redirectUri) {
    const url = new URL(`${provider.casUrl}/login`);
    url.searchParams.set("service", redirectUri);
    // The service is validated exactly as sent, so it is kept with the started sign-in.
    return { url, pending: { service: redirectUri } };
  },

  async finish(deps, provider, currentUrl, pending) {
    if (!pending.service) throw new SsoError("ETAT_INVALIDE", "service absent du cookie");
    const ticket = currentUrl.searchParams.get("ticket");
    if (!ticket) throw new SsoError("TICKET_REFUSE", "pas de ticket");
    // Checked here, not by the route's schema: a browser route ends on the French page, never a JSON 400.
    if (ticket.length > CAS_TICKET_MAX_CHARS) throw new SsoError("TICKET_REFUSE", `ticket trop long (${ticket.length} caractères)`);
    if (!TICKET_CHARS.test(ticket)) throw new SsoError("TICKET_REFUSE", "ticket aux caractères non permis");
    return readValidation(await validate(deps, provider, pending.service, ticket));
  },

  async logoutUrl(_deps, provider, postLogoutRedirectUri) {
    const url = new URL(`${provider.casUrl}/logout`);
    url.searchParams.set("service", postLogoutRedirectUri);
    return url;
  },
};
