import type { SsoKind, SsoPolicy } from "@planify/common/constants/sso";
import { SSO_FIELD_LABELS, type SsoAdminProvider, type SsoAdminProviderBody } from "@planify/common/schemas/sso-admin";

// The « Connexion ENT » form as the screen holds it (every input a string), and the body the
// server checks. The server's refusals name the field; the few checks here only spare a
// round trip for an empty required field.

export interface RoleRow {
  value: string;
  role: "eleve" | "prof" | "admin";
}

export interface ProviderForm {
  kind: SsoKind;
  id: string;
  label: string;
  policy: SsoPolicy;
  usernameClaim: string;
  rolesClaim: string;
  roleRows: RoleRow[];
  issuer: string;
  clientId: string;
  /** Write-only: empty keeps the stored secret on an update. */
  clientSecret: string;
  /** Space-separated, as IT reads them in its provider's console. */
  scopes: string;
  casUrl: string;
  idpMetadataUrl: string;
}

export const emptyForm = (): ProviderForm => ({
  kind: "oidc",
  id: "",
  label: "",
  policy: "existing",
  usernameClaim: "",
  rolesClaim: "",
  roleRows: [],
  issuer: "",
  clientId: "",
  clientSecret: "",
  scopes: "",
  casUrl: "",
  idpMetadataUrl: "",
});

/** The form of a stored provider (its secret is never sent back: the field starts empty). */
export function formOf(p: SsoAdminProvider): ProviderForm {
  return {
    kind: p.kind,
    id: p.id,
    label: p.label,
    policy: p.policy,
    usernameClaim: p.usernameClaim ?? "",
    rolesClaim: p.roles?.claim ?? "",
    roleRows: Object.entries(p.roles?.values ?? {}).map(([value, role]) => ({ value, role })),
    issuer: p.issuer ?? "",
    clientId: p.clientId ?? "",
    clientSecret: "",
    scopes: (p.scopes ?? []).join(" "),
    casUrl: p.casUrl ?? "",
    idpMetadataUrl: p.idpMetadataUrl ?? "",
  };
}

/** The body of the form: only its kind's fields; empty ones left out (the kind's defaults apply). */
export function bodyOf(f: ProviderForm, enabled: boolean): SsoAdminProviderBody {
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  const rows = f.roleRows.filter((r) => r.value.trim());
  const body: SsoAdminProviderBody = {
    kind: f.kind,
    id: f.id.trim(),
    label: f.label.trim(),
    enabled,
    policy: f.policy,
    usernameClaim: text(f.usernameClaim),
    roles:
      f.rolesClaim.trim() || rows.length
        ? { claim: f.rolesClaim.trim(), values: Object.fromEntries(rows.map((r) => [r.value.trim(), r.role])) }
        : null,
  };
  if (f.kind === "oidc") {
    const scopes = f.scopes.split(/[\s,]+/).filter(Boolean);
    Object.assign(body, {
      issuer: text(f.issuer),
      clientId: text(f.clientId),
      clientSecret: f.clientSecret || undefined,
      scopes: scopes.length ? scopes : undefined,
    });
  }
  if (f.kind === "cas") body.casUrl = text(f.casUrl);
  if (f.kind === "saml") body.idpMetadataUrl = text(f.idpMetadataUrl);
  return body;
}

const missing = "champ obligatoire manquant.";

/** Empty required fields, by field, with the server's wording (« Libellé : champ obligatoire manquant. »). */
export function missingFields(f: ProviderForm): Record<string, string> {
  const required = ["id", "label", ...({ oidc: ["issuer", "clientId"], cas: ["casUrl"], saml: ["idpMetadataUrl"] } as const)[f.kind]];
  const problems: Record<string, string> = {};
  for (const field of required)
    if (!String(f[field as keyof ProviderForm]).trim()) problems[field] = `${SSO_FIELD_LABELS[field]} : ${missing}`;
  if (f.roleRows.some((r) => r.value.trim()) && !f.rolesClaim.trim())
    problems["roles.claim"] = `${SSO_FIELD_LABELS["roles.claim"]} : ${missing}`;
  return problems;
}
