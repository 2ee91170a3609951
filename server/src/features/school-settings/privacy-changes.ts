import type { SchoolSettings } from "@planify/common/schemas/school-settings";

/** The settings the notice states, as the admin's panel names them (journal summaries). */
const PRIVACY_KEYS = {
  retentionYears: "conservation des devoirs",
  selfServiceErasure: "suppression en libre-service",
  controllerName: "responsable du traitement",
  controllerAddress: "adresse",
  dpoEmail: "contact du DPO",
  hostingInfo: "hébergement",
  graduateErasureMonths: "délai avant suppression des diplômés",
} as const satisfies Partial<Record<keyof SchoolSettings, string>>;

/** The journal line of a settings write that changes what the notice says, or null. */
export function privacyChanges(
  before: SchoolSettings,
  body: Partial<SchoolSettings>,
): { summary: string; details: Record<string, unknown> } | null {
  const changed = (Object.keys(PRIVACY_KEYS) as (keyof typeof PRIVACY_KEYS)[]).filter(
    (k) => body[k] !== undefined && body[k] !== before[k],
  );
  if (!changed.length) return null;
  const details = Object.fromEntries(changed.map((k) => [k, { before: before[k], after: body[k] }]));
  return { summary: `Réglages des données personnelles modifiés : ${changed.map((k) => PRIVACY_KEYS[k]).join(", ")}`, details };
}
