import { TASK_FILES_MAX } from "@planify/common/constants/tasks";
import { AVATAR_MAX_BYTES, MUSIC_MAX_BYTES, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { HOLIDAY_MESSAGES } from "@planify/common/constants/holidays";
import type { AppSettings } from "../deps";

const KB = 1024;
const MB = 1024 * KB;

/** How one route takes its body; judged before a byte of it is read. */
export interface BodyRule {
  /** "session": the session is checked first, so a guest's body is never read. */
  access: "public" | "session";
  /** "json" bodies only; "multipart" for the file upload routes only; "form" (urlencoded) for SAML's HTTP-POST binding only. */
  kind: "json" | "multipart" | "form";
  /** Largest body in bytes; "uploads" derives it from the upload setting. */
  maxBytes: number | "uploads";
  /** Longest time the whole body may take to arrive (a trickling client is cut with 408). */
  timeoutMs: number;
  /** The 413 message when the body is over `maxBytes` (default: the generic one). */
  tooLarge?: string;
}

const SMALL = 16 * KB;
/** Rich text: a task or pop-up with a few pasted images (data: URLs) fits. */
const RICH = 8 * MB;
const JSON_TIMEOUT_MS = 30_000;
/** Uploads need a session and may be large on a slow school line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const PUBLIC: BodyRule = { access: "public", kind: "json", maxBytes: SMALL, timeoutMs: JSON_TIMEOUT_MS };
const SESSION: BodyRule = { access: "session", kind: "json", maxBytes: SMALL, timeoutMs: JSON_TIMEOUT_MS };
const RICH_TEXT: BodyRule = { ...SESSION, maxBytes: RICH };
const PATCH_NOTE: BodyRule = { ...SESSION, maxBytes: 4 * MB };
const UPLOAD: BodyRule = { access: "session", kind: "multipart", maxBytes: "uploads", timeoutMs: UPLOAD_TIMEOUT_MS };

/** Every route not listed here: a session, a small JSON body. */
export const DEFAULT_BODY_RULE = SESSION;

/**
 * The routes that differ from the default, keyed "METHOD path" as declared in the routes.
 * A new route that guests may call with a body must be listed here, or guests get 401.
 */
export const BODY_RULES: Readonly<Record<string, BodyRule>> = {
  "POST /api/users/login": PUBLIC,
  "POST /api/users/forgot-password/questions": PUBLIC,
  "POST /api/users/forgot-password/verify": PUBLIC,
  "POST /api/users/forgot-password/reset": PUBLIC,
  // Logout only clears the download cookie: it must work with an expired session too.
  "DELETE /api/users/session": PUBLIC,
  // 5,000 characters of description, escaped, and five short fields.
  "POST /api/contact": { ...PUBLIC, maxBytes: 64 * KB },
  // The link of a confirmation mail may be opened where its owner is not signed in: the token suffices.
  "POST /api/reminders/email/confirm": PUBLIC,
  // An ENT sign-in's one-time code is traded for the session: no session exists yet.
  "POST /api/auth/sso/exchange": PUBLIC,
  // A SAML IdP's answer, posted by the browser as a form: a signed assertion, possibly encrypted,
  // with its certificate and attributes (a few tens of KB, base64).
  "POST /api/auth/sso/:id/acs": { ...PUBLIC, kind: "form", maxBytes: 512 * KB },
  // A 2,000-character note of emoji, JSON-escaped, passes the default: the service then names the limit.
  "POST /api/personal-tasks": { ...SESSION, maxBytes: 64 * KB },
  "PUT /api/personal-tasks/:id": { ...SESSION, maxBytes: 64 * KB },
  "POST /api/events": RICH_TEXT,
  "PUT /api/events/:id": RICH_TEXT,
  "POST /api/events/:id/update-self": RICH_TEXT,
  "POST /api/events/proposals": RICH_TEXT,
  "POST /api/events/proposals/:id/update-self": RICH_TEXT,
  "POST /api/popups/send": RICH_TEXT,
  // A patch note holds up to 1,000,000 characters of HTML (a few 300 KB images): 3 bytes each at
  // most in UTF-8, plus JSON escapes; the schema then refuses anything longer.
  "POST /api/patch-notes": PATCH_NOTE,
  "PUT /api/patch-notes/:id": PATCH_NOTE,
  // Up to 5,000 user ids (UUIDs, ~40 bytes each in JSON) and 100 items and colours.
  "POST /api/users-admin/bulk-give": { ...SESSION, maxBytes: 256 * KB },
  "POST /api/users-admin/bulk-remove": { ...SESSION, maxBytes: 256 * KB },
  "POST /api/users-admin/gift": { ...SESSION, maxBytes: 256 * KB },
  // A class list of 3,000 rows (a few short cells each); a commit chunk of up to 200.
  "POST /api/users-admin/import/preview": { ...SESSION, maxBytes: 2 * MB },
  "POST /api/users-admin/import/commit": { ...SESSION, maxBytes: 256 * KB },
  // The rollover names up to 3,000 repeating students, as a list or a CSV.
  "POST /api/admin/rollover/preview": { ...SESSION, maxBytes: 512 * KB },
  "POST /api/admin/rollover": { ...SESSION, maxBytes: 512 * KB },
  // A zone's school calendar (.ics) as JSON text: HOLIDAY_LIMITS.icsMaxChars, escaped.
  "POST /api/holidays/import": { ...SESSION, maxBytes: 1 * MB, tooLarge: HOLIDAY_MESSAGES.icsTooBig },
  // Up to 60 items and 100 colours with their display names.
  "POST /api/redeem-codes/generate": { ...SESSION, maxBytes: 128 * KB },
  // A created item: up to 12 layers with 12 placements each, in the base and 10 variants.
  "POST /api/items": { ...SESSION, maxBytes: 512 * KB },
  "PUT /api/items/:id": { ...SESSION, maxBytes: 512 * KB },
  // Ten images of 2 MB at most, and the multipart framing.
  "POST /api/items/upload": { ...UPLOAD, maxBytes: 21 * MB },
  "POST /api/events/:id/attachments": UPLOAD,
  "POST /api/events/:id/submissions": UPLOAD,
  "POST /api/events/proposals/:id/attachments": UPLOAD,
  // Corrected copies a teacher returns to one student.
  "POST /api/hand-ins/tasks/:taskId/students/:userId/returned": UPLOAD,
  // A feedback comment: FEEDBACK_COMMENT_MAX characters of rich text (the schema allows twice that before cleaning), JSON-escaped.
  "PUT /api/hand-ins/tasks/:taskId/students/:userId/feedback": { ...SESSION, maxBytes: 256 * KB },
  // One profile file and a few short text fields; a file just over the limit still reaches
  // the route, which answers the limit in the words of the profile editor.
  "POST /api/users/upload-avatar": { ...UPLOAD, maxBytes: AVATAR_MAX_BYTES + MB, tooLarge: SOCIAL_MESSAGES.avatarTooBig },
  "POST /api/users/upload-music": { ...UPLOAD, maxBytes: MUSIC_MAX_BYTES + MB, tooLarge: SOCIAL_MESSAGES.musicTooBig },
};

/** The rule of a route (its declared path, e.g. "/api/events/:id"). */
export function bodyRuleFor(method: string, route: string): BodyRule {
  const path = route.length > 1 && route.endsWith("/") ? route.slice(0, -1) : route;
  return BODY_RULES[`${method.toUpperCase()} ${path}`] ?? DEFAULT_BODY_RULE;
}

/** A rule's byte limit: ten files of the upload limit plus room for the multipart framing. */
export function bodyMaxBytes(rule: BodyRule, settings: AppSettings): number {
  return rule.maxBytes === "uploads" ? settings.maxUploadBytes * TASK_FILES_MAX + MB : rule.maxBytes;
}

/** Headroom above the largest accepted body in which a declared length still gets our French 413. */
const REFUSAL_HEADROOM = 1024 * MB;

/**
 * The listener's own ceiling (Bun's maxRequestBodySize). Bun ends a connection that declares
 * more without a word, so it sits well above every route's limit: the body plugin answers
 * those with a readable 413, and Bun's ceiling only bounds what it drops of bodies no route reads.
 */
export function listenerBodyLimit(settings: AppSettings): number {
  const largest = Math.max(...[DEFAULT_BODY_RULE, ...Object.values(BODY_RULES)].map((rule) => bodyMaxBytes(rule, settings)));
  return largest + REFUSAL_HEADROOM;
}
