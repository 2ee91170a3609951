import { ssoProviders } from "../db/schema";
import type { AppDeps } from "../deps";

/** What the account screens need to know of an ENT provider. */
export interface EntProviderName {
  id: string;
  label: string;
  enabled: boolean;
}

/**
 * The school's ENT providers by name: those of the PLANIFY_SSO_CONFIG file, then those of the
 * admin screen « Connexion ENT » (table sso_providers). Infrastructure, so the account features
 * (users list, untie, the password switch) name providers without importing features/sso; a
 * stored entry is read as stored (features/sso still checks it before any sign-in with it).
 */
export async function entProviderNames(deps: AppDeps): Promise<EntProviderName[]> {
  const fromFile = (deps.sso?.providers ?? []).map(({ id, label, enabled }) => ({ id, label, enabled }));
  const taken = new Set(fromFile.map((p) => p.id));
  const stored = (await deps.db.select({ id: ssoProviders.id, config: ssoProviders.config }).from(ssoProviders))
    .filter((row) => !taken.has(row.id))
    .map(({ id, config }) => ({
      id,
      label: typeof config.label === "string" && config.label.trim() ? config.label.trim() : id,
      enabled: config.enabled !== false,
    }));
  return [...fromFile, ...stored];
}
