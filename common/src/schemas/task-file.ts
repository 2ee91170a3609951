import { Type, type Static } from "@sinclair/typebox";
import { IsoDate } from "./shared";

/** A stored file as answers describe it (attachment or hand-in). */
export const TaskFile = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  /** Stored (generated) name: the identifier used in URLs. */
  filename: Type.String({ description: "Nom stocké (identifiant dans les URL)" }),
  originalname: Type.String({ description: "Nom d'origine" }),
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  createdAt: IsoDate,
  /** Download URL (session required). */
  url: Type.String(),
  /** The same download as `/uploads/{events|submissions}/{taskId}/{filename}`. */
  path: Type.String(),
  /** Hand-ins only: deposited after the deadline. */
  late: Type.Optional(Type.Boolean()),
});
export type TaskFileDto = Static<typeof TaskFile>;
