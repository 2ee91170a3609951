import { Type, type Static } from "@sinclair/typebox";
import { GRADUATE_ERASURE_MONTHS_MAX } from "../constants/privacy";
import { ROLLOVER_REPEATING_MAX } from "../constants/rollover";
import { USERNAME_MAX_LENGTH } from "../constants/limits";
import { Task } from "./tasks";
import { IsoDate, ok } from "./shared";

/** POST /admin/rollover/preview and /admin/rollover: what the admin chose in the wizard. */
export const RolloverBody = Type.Object({
  /** The school year being closed ("2025-2026"); absent: the current one. */
  schoolYear: Type.Optional(Type.String({ maxLength: 9 })),
  /** Usernames of repeating students (picked from the list or read from a CSV). */
  repeating: Type.Optional(Type.Array(Type.String({ maxLength: USERNAME_MAX_LENGTH }), { maxItems: ROLLOVER_REPEATING_MAX })),
  /** A CSV of usernames (one per line), added to `repeating`. */
  repeatingCsv: Type.Optional(Type.String({ maxLength: 200_000 })),
  /** true: every student's group goes back to « Promo » and their track is emptied. */
  resetGroups: Type.Optional(Type.Boolean()),
  /** Months before a graduate's account is erased; absent: the school setting (default 6). */
  graduateErasureMonths: Type.Optional(Type.Integer({ minimum: 1, maximum: GRADUATE_ERASURE_MONTHS_MAX })),
});
export type RolloverBody = Static<typeof RolloverBody>;

export const RolloverCountsSchema = Type.Object({
  promotedBut1: Type.Integer(),
  promotedBut2: Type.Integer(),
  repeating: Type.Integer(),
  graduatesDeactivated: Type.Integer(),
  tasksArchived: Type.Integer(),
  groupsReset: Type.Integer(),
});

export const RolloverPreviewResponse = ok({
  schoolYear: Type.String(),
  counts: RolloverCountsSchema,
  /** When graduates would be erased (ISO instant). */
  eraseAfter: IsoDate,
  graduateErasureMonths: Type.Integer(),
  /** Set when this year was already closed: the run would be refused. */
  alreadyRun: Type.Union([Type.Null(), Type.Object({ runAt: IsoDate, runBy: Type.String() })]),
});
export type RolloverPreviewResponse = Static<typeof RolloverPreviewResponse>;

export const RolloverRunResponse = ok({
  message: Type.String(),
  schoolYear: Type.String(),
  counts: RolloverCountsSchema,
  eraseAfter: IsoDate,
  /** File name of the full backup written before anything changed. */
  backupName: Type.String(),
});
export type RolloverRunResponse = Static<typeof RolloverRunResponse>;

export const RolloverArchivesQuery = Type.Object({ year: Type.String({ maxLength: 9 }) });

/** GET /admin/rollover/archives?year=: the class tasks archived with that year (staff, read-only). */
export const RolloverArchivesResponse = ok({ schoolYear: Type.String(), events: Type.Array(Task) });
export type RolloverArchivesResponse = Static<typeof RolloverArchivesResponse>;

/** POST /admin/users/{id}/reactivate. */
export const ReactivateResponse = ok({ message: Type.String() });
