import { eq } from "drizzle-orm";
import { first } from "../../db/engine";
import { ERROR_STATUS } from "@planify/common/errors";
import { type SsoAdminProviderBody, ssoFieldMessage, ssoFormField } from "@planify/common/schemas/sso-admin";
import type { AppDeps } from "../../deps";
import { ssoProviders as storedTable } from "../../db/schema";
import { untilNextWrite } from "../../lib/cache";
import { AppError } from "../../lib/errors";
import { schoolSetting } from "../../lib/school-settings";
import { LAST_ENT_PROVIDER } from "@planify/common/constants/sign-in";
import { type JournalActor, recordAdminAction } from "../../lib/journal";
import { providerProblem, readProvider } from "./config-file";
import type { SsoProvider } from "./types";

// Providers the school set up in the admin screen, stored as entries of the configuration
// file's shape and read by the same readProvider. The file's providers stay the file's.

type StoredRow = typeof storedTable.$inferSelect;
type Config = Record<string, unknown>;

/** A refused form: its code, French message and the field it is about (for the screen). */
export class SsoFormRefusal extends AppError {
  constructor(
    code: "SSO_PROVIDER_INVALID" | "SSO_PROVIDER_ID_TAKEN",
    readonly field: string,
    reason: string,
  ) {
    super(code, ssoFieldMessage(field, reason));
  }
}

/** Every stored row, oldest first. */
export const storedRows = async (deps: AppDeps): Promise<StoredRow[]> =>
  await deps.db.select().from(storedTable).orderBy(storedTable.createdAt);

const fileProviders = (deps: AppDeps): SsoProvider[] => deps.sso?.providers ?? [];

/**
 * The school's providers: the file's, then the stored ones that still pass the checks (one
 * that no longer does is skipped and logged, never fatal), kept until the next database write.
 */
export function allProviders(deps: AppDeps): Promise<SsoProvider[]> {
  return untilNextWrite(deps.engine, "sso-providers", async () => {
    const file = fileProviders(deps);
    const taken = new Set(file.map((p) => p.id));
    const stored: SsoProvider[] = [];
    for (const row of await storedRows(deps)) {
      if (taken.has(row.id)) continue;
      try {
        stored.push(readProvider(row.config, `sso_providers[${row.id}]`));
      } catch (error) {
        deps.log("warn", `fournisseur ENT enregistré ignoré : ${(error as Error).message}`);
      }
    }
    return [...file, ...stored];
  });
}

/** The stored row of `id`, or a French 404 (409 when it is the file's). */
export async function storedRow(deps: AppDeps, id: string): Promise<StoredRow> {
  if (fileProviders(deps).some((p) => p.id === id)) throw new AppError("SSO_PROVIDER_FROM_FILE");
  const row = await first(deps.db.select().from(storedTable).where(eq(storedTable.id, id)));
  if (!row) throw new AppError("NOT_FOUND", "Fournisseur ENT introuvable.");
  return row;
}

/**
 * The form's body as a configuration entry: empty fields dropped (the kind's default then
 * applies), files refused, the stored secret kept when none is typed; then the file's checks.
 */
function checkedConfig(body: SsoAdminProviderBody, previous: Config | null): Config {
  const config: Config = {};
  for (const [key, value] of Object.entries(body)) {
    if (/File$/.test(key))
      throw new SsoFormRefusal("SSO_PROVIDER_INVALID", key, "les fichiers se déclarent dans PLANIFY_SSO_CONFIG, pas dans cet écran.");
    if (value === "" || value === undefined || value === null) continue;
    config[key] = typeof value === "string" && key !== "clientSecret" ? value.trim() : value;
  }
  if (config.kind === "oidc" && !config.clientSecret && typeof previous?.clientSecret === "string")
    config.clientSecret = previous.clientSecret;
  const problem = providerProblem(config);
  if (problem) throw new SsoFormRefusal("SSO_PROVIDER_INVALID", ssoFormField(problem.field), problem.reason);
  return config;
}

/** What the journal keeps of a provider: its fields, never its secret. */
export function publicConfig(config: Config): Config {
  const { clientSecret, ...rest } = config;
  return { ...rest, hasSecret: typeof clientSecret === "string" && clientSecret.length > 0 };
}

async function assertIdFree(deps: AppDeps, id: string): Promise<void> {
  const inFile = fileProviders(deps).some((p) => p.id === id);
  const stored = await first(deps.db.select({ id: storedTable.id }).from(storedTable).where(eq(storedTable.id, id)));
  if (inFile || stored)
    throw new SsoFormRefusal(
      "SSO_PROVIDER_ID_TAKEN",
      "id",
      `« ${id} » est déjà pris par un fournisseur ${inFile ? "du fichier PLANIFY_SSO_CONFIG" : "enregistré"} ; choisis-en un autre.`,
    );
}

/** Stores a new provider (journaled). */
export async function createStored(deps: AppDeps, actor: JournalActor, body: SsoAdminProviderBody): Promise<string> {
  const config = checkedConfig(body, null);
  const id = config.id as string;
  await assertIdFree(deps, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(storedTable)
      .values({ id, config, createdAt: now, createdBy: actor.username, updatedAt: now, updatedBy: actor.username });
    await recordAdminAction(tx, actor, {
      action: "sso.provider-create",
      summary: `Fournisseur ENT « ${config.label} » (${id}) ajouté`,
      details: publicConfig(config),
      at: now,
    });
  });
  return id;
}

/** Replaces a stored provider's fields (its id stays; an absent secret keeps the stored one). */
export async function updateStored(deps: AppDeps, actor: JournalActor, id: string, body: SsoAdminProviderBody): Promise<void> {
  const row = await storedRow(deps, id);
  if (body.id !== id)
    throw new SsoFormRefusal("SSO_PROVIDER_INVALID", "id", "l'identifiant d'un fournisseur ne change pas (il est dans ses adresses).");
  const config = checkedConfig(body, row.config);
  if (config.enabled === false) await assertOthersCanSignIn(deps, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(storedTable).set({ config, updatedAt: now, updatedBy: actor.username }).where(eq(storedTable.id, id));
    await recordAdminAction(tx, actor, {
      action: "sso.provider-update",
      summary: `Fournisseur ENT « ${config.label} » (${id}) modifié`,
      details: { before: publicConfig(row.config), after: publicConfig(config) },
      at: now,
    });
  });
}

/**
 * Refuses to take away `id` (disable or delete) when it is the last enabled provider while
 * password sign-in is for admins only: nobody else could sign in (ENT_NOT_CONFIGURED, 409).
 */
async function assertOthersCanSignIn(deps: AppDeps, id: string): Promise<void> {
  if ((await schoolSetting(deps.db, "passwordSignIn")) !== "admins") return;
  if (!(await allProviders(deps)).some((p) => p.enabled && p.id !== id)) throw new AppError("ENT_NOT_CONFIGURED", LAST_ENT_PROVIDER);
}

/** Turns a stored provider on or off (journaled). */
export async function setStoredEnabled(deps: AppDeps, actor: JournalActor, id: string, enabled: boolean): Promise<void> {
  const row = await storedRow(deps, id);
  if (!enabled) await assertOthersCanSignIn(deps, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(storedTable)
      .set({ config: { ...row.config, enabled }, updatedAt: now, updatedBy: actor.username })
      .where(eq(storedTable.id, id));
    await recordAdminAction(tx, actor, {
      action: "sso.provider-enable",
      summary: `Fournisseur ENT « ${row.config.label} » (${id}) ${enabled ? "activé" : "désactivé"}`,
      details: { id, enabled },
      at: now,
    });
  });
}

/** Deletes a stored provider (journaled); the accounts tied to it keep their identities. */
export async function deleteStored(deps: AppDeps, actor: JournalActor, id: string): Promise<void> {
  const row = await storedRow(deps, id);
  await assertOthersCanSignIn(deps, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(storedTable).where(eq(storedTable.id, id));
    await recordAdminAction(tx, actor, {
      action: "sso.provider-delete",
      summary: `Fournisseur ENT « ${row.config.label} » (${id}) supprimé`,
      details: publicConfig(row.config),
      at: deps.now(),
    });
  });
}

/** The status of a refusal, for routes that answer it themselves (with its field). */
export const refusalStatus = (r: SsoFormRefusal) => ERROR_STATUS[r.code] as 400 | 409;
