import type { SsoKind } from "@planify/common/constants/sso";
import { casKind } from "./cas";
import { oidcKind } from "./oidc";
import { samlKind } from "./saml";
import type { ProviderKind, ProviderOf, SsoProvider } from "./types";

/** The protocols built so far; each kind is one entry ("cas" and "saml" join here). */
const KINDS: { [K in SsoKind]?: ProviderKind<ProviderOf<K>> } = { oidc: oidcKind, cas: casKind, saml: samlKind };

/** The protocol of a kind, or undefined when this server does not speak it. */
export function kindOf<K extends SsoKind>(kind: K): ProviderKind<ProviderOf<K>> | undefined;
export function kindOf(kind: SsoKind): ProviderKind<SsoProvider> | undefined {
  return KINDS[kind] as ProviderKind<SsoProvider> | undefined;
}

/** The kinds this server speaks, in French for a message ("oidc", "cas"). */
export const spokenKinds = () => (Object.keys(KINDS) as SsoKind[]).map((k) => `« ${k} »`).join(", ");
