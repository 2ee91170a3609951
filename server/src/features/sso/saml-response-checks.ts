import { XMLParser, XMLValidator } from "fast-xml-parser";
import { and, eq, gt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { samlAssertions } from "../../db/schema";
import { first } from "../../db/engine";
import { SsoError } from "./types";

// What Planify reads of a posted SAMLResponse BEFORE node-saml checks it: the algorithms of its
// signatures (SHA-1 is refused, as on the HTTP-Redirect binding) and the assertion's ID (a
// replayed assertion is named as such, not as the spent request node-saml would report first).
// Nothing here vouches for anything: the answer is only ever refused on these grounds, and the
// signature, audience, times and InResponseTo remain node-saml's (saml.ts).

// Namespace prefixes dropped (samlp:, saml:, ds:), attributes as "@_Name", no entity expansion.
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, processEntities: false, parseTagValue: false });

type Node = Record<string, unknown>;

/** An algorithm URI of the SHA-1 family (rsa-sha1, dsa-sha1, ecdsa-sha1, hmac-sha1, the sha1 digest). */
const SHA1 = /sha1$/i;

/** Every SignatureMethod and DigestMethod Algorithm under `node`, at any depth. */
function algorithms(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) algorithms(item, out);
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === "SignatureMethod" || key === "DigestMethod")
        for (const m of [value].flat())
          if (typeof (m as Node)?.["@_Algorithm"] === "string") out.push((m as Node)["@_Algorithm"] as string);
      algorithms(value, out);
    }
  return out;
}

/** What the checks read of a SAMLResponse (base64): the signatures' algorithms and the (clear) assertion's ID. */
export function readPostedResponse(samlResponse: string): { algorithms: string[]; assertionId: string | null } {
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  if (XMLValidator.validate(xml) !== true) throw new SsoError("JETON_INVALIDE", "SAMLResponse illisible (XML invalide)");
  const doc = parser.parse(xml) as Node;
  const response = doc.Response as Node | undefined;
  if (!response || typeof response !== "object") throw new SsoError("JETON_INVALIDE", "SAMLResponse sans Response");
  const assertion = [response.Assertion].flat()[0] as Node | undefined;
  const id = assertion?.["@_ID"];
  return { algorithms: algorithms(response), assertionId: typeof id === "string" && id ? id : null };
}

/**
 * Refuses a posted response signed or digested with SHA-1 (SIGNATURE_FAIBLE), then one whose
 * assertion ID was already used with this provider and is still remembered (ASSERTION_REJOUEE).
 * An encrypted assertion shows no ID here: spendAssertion catches its replay after decryption.
 */
export async function precheckPostedResponse(deps: AppDeps, providerId: string, samlResponse: string): Promise<void> {
  const posted = readPostedResponse(samlResponse);
  const weak = posted.algorithms.find((a) => SHA1.test(a));
  if (weak) throw new SsoError("SIGNATURE_FAIBLE", `algorithme ${weak.slice(0, 80)}`);
  if (!posted.assertionId) return;
  const spent = await first(
    deps.db
      .select({ id: samlAssertions.assertionId })
      .from(samlAssertions)
      .where(
        and(
          eq(samlAssertions.providerId, providerId),
          eq(samlAssertions.assertionId, posted.assertionId),
          gt(samlAssertions.expiresAt, Date.now()),
        ),
      ),
  );
  if (spent) throw new SsoError("ASSERTION_REJOUEE", `assertion=${posted.assertionId.slice(0, 80)}`);
}
