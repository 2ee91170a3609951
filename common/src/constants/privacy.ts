/** Retention of class tasks and hand-ins, in school years (school setting retentionYears). */
export const RETENTION_YEARS_DEFAULT = 2;
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 10;
/** Months before a graduate's account is erased when the school has not set it (graduateErasureMonths). */
export const GRADUATE_ERASURE_MONTHS_DEFAULT = 6;
export const GRADUATE_ERASURE_MONTHS_MAX = 60;
/** What the person types to confirm an erasure (their own, or the admin the account's username). */
export const SELF_ERASURE_CONFIRMATION = "SUPPRIMER";
