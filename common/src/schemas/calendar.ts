import { Type, type Static } from "@sinclair/typebox";
import { ok } from "./shared";

const feed = {
  /** Absolute address to paste in a calendar app (public address of the school when configured). */
  url: Type.String(),
  /** The same address as webcal:// so phones open their calendar app directly. */
  webcalUrl: Type.String(),
};

/** GET /calendar/me: the caller's secret feed address (created on first read). */
export const CalendarFeedResponse = ok(feed);
export type CalendarFeedResponse = Static<typeof CalendarFeedResponse>;

/** POST /calendar/me/regenerate: a new address; the old one stops working at once. */
export const CalendarFeedRegeneratedResponse = ok({ ...feed, message: Type.String() });
export type CalendarFeedRegeneratedResponse = Static<typeof CalendarFeedRegeneratedResponse>;

/** GET /calendar/{secret}.ics: an RFC 5545 text/calendar body. */
export const CalendarFile = Type.String({ description: "text/calendar (RFC 5545)" });
