import type { Profile } from "@node-saml/node-saml";

/**
 * eduPerson and common LDAP attributes by OID (SAML 2.0 attribute profile, as Shibboleth and
 * the Renater federation send them) → their friendly name, so mappings read the same names
 * as for CAS and OIDC ({ claim: "eduPersonAffiliation" }).
 */
const FRIENDLY: Record<string, string> = {
  "urn:oid:1.3.6.1.4.1.5923.1.1.1.6": "eduPersonPrincipalName",
  "urn:oid:1.3.6.1.4.1.5923.1.1.1.1": "eduPersonAffiliation",
  "urn:oid:1.3.6.1.4.1.5923.1.1.1.5": "eduPersonPrimaryAffiliation",
  "urn:oid:1.3.6.1.4.1.5923.1.1.1.9": "eduPersonScopedAffiliation",
  "urn:oid:1.3.6.1.4.1.5923.1.1.1.7": "eduPersonEntitlement",
  "urn:oid:0.9.2342.19200300.100.1.1": "uid",
  "urn:oid:0.9.2342.19200300.100.1.3": "mail",
  "urn:oid:2.5.4.42": "givenName",
  "urn:oid:2.5.4.4": "sn",
  "urn:oid:2.5.4.3": "cn",
  "urn:oid:2.16.840.1.113730.3.1.241": "displayName",
};

const EPPN = "eduPersonPrincipalName";

/**
 * The attributes of a checked assertion under their friendly names (the OID names stay too),
 * with the names OIDC gives (given_name, family_name, email) for the account's first sign-in.
 * eduPersonPrincipalName gives the username before its « @ » (lea.martin@univ.fr → lea.martin,
 * the form class lists use); the whole value, unique in the federation, is the subject. With
 * another username attribute, that attribute's value is the subject.
 */
export function samlAttributes(profile: Profile, usernameClaim: string): { subject: unknown; values: Record<string, unknown> } {
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = { nameID: profile.nameID, ...raw };
  for (const [name, value] of Object.entries(raw)) {
    const friendly = FRIENDLY[name];
    if (friendly && values[friendly] === undefined) values[friendly] = value;
  }
  const first = (name: string) => [values[name]].flat().find((v): v is string => typeof v === "string");
  values.given_name ??= first("givenName");
  values.family_name ??= first("sn");
  values.email ??= first("mail");
  if (usernameClaim !== EPPN) return { subject: values[usernameClaim], values };
  const eppn = first(EPPN);
  return { subject: eppn, values: { ...values, [EPPN]: eppn?.split("@")[0] } };
}
