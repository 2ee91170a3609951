import { Type, type Static } from "@sinclair/typebox";
import { literalUnion } from "./literal-union";

/**
 * Live updates: GET /api/live is a Server-Sent Events stream (text/event-stream) read with
 * fetch, so the web sends its Bearer token as on every call. Each message is
 *
 *     id: <event id>
 *     event: <kind>
 *     data: <LiveEventData as JSON>
 *
 * An event says what changed, never the new data: the app refetches what it shows. A stream
 * resumes after a drop from the `Last-Event-ID` header (or `?after=<id>`): the server replays
 * every event for this user after that id, or sends `reset` when they are older than it keeps
 * (then the app refetches everything it shows). An id-only block (`id: <last id>`, no event)
 * at the stream's opening and every LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream
 * and moves a quiet client's resume point.
 */
export const LIVE_KINDS = [
  /** A task the user may see was added, changed or removed. data.taskId */
  "tasks",
  /** A hand-in was received on a task this teacher (or staff member) follows. data.taskId */
  "submissions",
  /** A task proposal of the user's year was sent, changed, reviewed or withdrawn (feeds, reviewers' counts). data.proposalId */
  "proposals",
  /** The user's coin balances changed. */
  "coins",
  /** The user's inventory changed (purchase, wheel, gift, admin). */
  "inventory",
  /** The user received a gift (the app shows the received-item pop-up). */
  "gift",
  /** A pop-up was sent to the user (or to everyone). */
  "popup",
  /** Leaderboards or faction totals moved (at most one every LIVE_BOARD_COALESCE_MS). */
  "leaderboard",
  /** A patch note was published, changed or removed. */
  "patch-note",
  /** A user's public profile changed. data.userId */
  "profile",
  /** This very session was revoked: the app signs out. */
  "session-revoked",
  /** Refetch everything shown: the events since the given id are no longer kept, or the school year closed. */
  "reset",
] as const;
export const LiveKind = literalUnion(LIVE_KINDS);
export type LiveKind = Static<typeof LiveKind>;

/** The `data:` of every event (fields by kind, see LIVE_KINDS). */
export const LiveEventData = Type.Object({
  taskId: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  proposalId: Type.Optional(Type.String()),
});
export type LiveEventData = Static<typeof LiveEventData>;

/** One event as the web reads it off the stream. */
export interface LiveEvent {
  id: string;
  kind: LiveKind;
  data: LiveEventData;
}

/** A comment line at least this often keeps the stream open through proxies. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Leaderboard and faction-total events are merged to one per this interval. */
export const LIVE_BOARD_COALESCE_MS = 5_000;
/** Open streams per user on one node; a new one closes that user's oldest. */
export const LIVE_STREAMS_PER_USER = 3;
/** How long events are kept for resuming (older gaps get `reset`). */
export const LIVE_RETENTION_MS = 15 * 60_000;
/** The stream's path (fetched with the session's Bearer token). */
export const LIVE_PATH = "/api/live";

/** GET /api/live's answer: a text/event-stream, never JSON. */
export const LiveStreamResponse = Type.String({ description: "Flux d'événements (text/event-stream), voir common/schemas/live.ts" });

/** GET /api/live?after=<id>: where to resume when the client cannot send Last-Event-ID. */
export const LiveQuery = Type.Object({ after: Type.Optional(Type.String({ pattern: "^[0-9]{1,18}$" })) });
export type LiveQuery = Static<typeof LiveQuery>;
