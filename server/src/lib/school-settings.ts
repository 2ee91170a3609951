import { eq } from "drizzle-orm";
import { PASSWORD_SIGN_IN, PASSWORD_SIGN_IN_DEFAULT } from "@planify/common/constants/sign-in";
import {
  GRADUATE_ERASURE_MONTHS_DEFAULT,
  GRADUATE_ERASURE_MONTHS_MAX,
  RETENTION_YEARS_DEFAULT,
  RETENTION_YEARS_MAX,
  RETENTION_YEARS_MIN,
} from "@planify/common/constants/privacy";
import type { SchoolSettings } from "@planify/common/schemas/school-settings";
import { schoolSettings } from "../db/schema";
import type { DbOrTx } from "../db/types";
import { first } from "../db/engine";

/**
 * School-wide settings an admin changes in the app (table school_settings, one JSON value per
 * key). Infrastructure, as several features read them (auth refuses password logins, sso tells
 * the login popup); the admin routes live in features/school-settings. An unknown or garbled
 * stored value reads as the default.
 */
const DEFAULTS: SchoolSettings = {
  passwordSignIn: PASSWORD_SIGN_IN_DEFAULT,
  retentionYears: RETENTION_YEARS_DEFAULT,
  selfServiceErasure: false,
  controllerName: "",
  controllerAddress: "",
  dpoEmail: "",
  hostingInfo: "",
  graduateErasureMonths: GRADUATE_ERASURE_MONTHS_DEFAULT,
};

const isText =
  (max: number) =>
  (value: unknown): value is string =>
    typeof value === "string" && value.length <= max;

const VALID: { [K in keyof SchoolSettings]: (value: unknown) => value is SchoolSettings[K] } = {
  passwordSignIn: (value): value is SchoolSettings["passwordSignIn"] => PASSWORD_SIGN_IN.includes(value as never),
  retentionYears: (value): value is number =>
    Number.isInteger(value) && (value as number) >= RETENTION_YEARS_MIN && (value as number) <= RETENTION_YEARS_MAX,
  selfServiceErasure: (value): value is boolean => typeof value === "boolean",
  controllerName: isText(200),
  controllerAddress: isText(500),
  dpoEmail: isText(200),
  hostingInfo: isText(500),
  graduateErasureMonths: (value): value is number =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= GRADUATE_ERASURE_MONTHS_MAX,
};

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Every setting, stored or default. */
export async function readSchoolSettings(db: DbOrTx): Promise<SchoolSettings> {
  const settings = { ...DEFAULTS };
  for (const row of await db.select().from(schoolSettings)) {
    const key = row.key as keyof SchoolSettings;
    const value = parsed(row.value);
    if (key in VALID && VALID[key](value)) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}

/** One setting, stored or default. */
export async function schoolSetting<K extends keyof SchoolSettings>(db: DbOrTx, key: K): Promise<SchoolSettings[K]> {
  const row = await first(db.select().from(schoolSettings).where(eq(schoolSettings.key, key)));
  const value = row ? parsed(row.value) : undefined;
  return VALID[key](value) ? value : DEFAULTS[key];
}

/** Stores the given settings (each already validated by the route's schema). */
export async function writeSchoolSettings(db: DbOrTx, patch: Partial<SchoolSettings>): Promise<void> {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const text = JSON.stringify(value);
    await db
      .insert(schoolSettings)
      .values({ key, value: text })
      .onConflictDoUpdate({ target: schoolSettings.key, set: { value: text } });
  }
}
