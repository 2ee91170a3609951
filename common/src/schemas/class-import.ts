import { Type, type Static } from "@sinclair/typebox";
import { IMPORT_CHUNK, IMPORT_MAX_ROWS } from "../constants/class-import";
import { ok } from "./shared";

const Cell = (max: number) => Type.Optional(Type.String({ maxLength: max }));
/** One line of a class list as the web read it from the file. */
export const ClassListRowSchema = Type.Object({
  username: Type.String({ maxLength: 200 }),
  firstName: Cell(200),
  lastName: Cell(200),
  role: Cell(60),
  year: Cell(60),
  groupe: Cell(60),
  specialite: Cell(100),
});

/** POST /users-admin/import/preview: the whole list; nothing is written. */
export const ImportPreviewBody = Type.Object({ rows: Type.Array(ClassListRowSchema, { maxItems: IMPORT_MAX_ROWS }) });
export type ImportPreviewBody = Static<typeof ImportPreviewBody>;
export const ImportPreviewResponse = ok({
  valid: Type.Integer(),
  /** The rows in error, by their index in the list (0-based), with their French reasons. */
  problems: Type.Array(Type.Object({ index: Type.Integer(), username: Type.String(), errors: Type.Array(Type.String()) })),
});
export type ImportPreviewResponse = Static<typeof ImportPreviewResponse>;

/** POST /users-admin/import/commit: one chunk, created all or nothing. */
export const ImportCommitBody = Type.Object({ rows: Type.Array(ClassListRowSchema, { minItems: 1, maxItems: IMPORT_CHUNK * 2 }) });
export type ImportCommitBody = Static<typeof ImportCommitBody>;
export const ImportCommitResponse = ok({
  message: Type.String(),
  /** The first passwords, shown once: the accounts must replace them at their first login. */
  created: Type.Array(Type.Object({ username: Type.String(), password: Type.String() })),
});
export type ImportCommitResponse = Static<typeof ImportCommitResponse>;
