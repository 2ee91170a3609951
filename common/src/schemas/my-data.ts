import { Type, type Static } from "@sinclair/typebox";
import { IsoDate, ok } from "./shared";
import { literalUnion } from "./literal-union";

/** One sign-in of « Mes appareils ». */
export const MySession = Type.Object({
  id: Type.String(),
  /** « Chrome sur Android », « Application Planify (ordinateur) »… */
  device: Type.String(),
  method: literalUnion(["password", "ent"] as const),
  /** The address's network only (/24, /48). */
  ip: Type.String(),
  createdAt: IsoDate,
  lastSeenAt: IsoDate,
  expiresAt: IsoDate,
  /** true: the session of the request that asked. */
  current: Type.Boolean(),
});
export type MySession = Static<typeof MySession>;

export const MySessionsResponse = ok({ sessions: Type.Array(MySession) });
export type MySessionsResponse = Static<typeof MySessionsResponse>;

export const RevokeSessionsResponse = ok({ message: Type.String(), revoked: Type.Integer({ minimum: 0 }) });
export type RevokeSessionsResponse = Static<typeof RevokeSessionsResponse>;

export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
