/** Limits shared by the web app and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** Shown by the reset form and answered by the server for a short password. */
export const PASSWORD_TOO_SHORT = `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
export const USERNAME_MAX_LENGTH = 40;
export const SECRET_QUESTION_MAX_LENGTH = 200;
export const SECRET_ANSWER_MAX_LENGTH = 200;
export const SECRET_QUESTION_ROWS = 3;
export const POPUP_POLL_MS = 30_000;
export const CONTACT_MODAL_CLOSE_MS = 3_500;
/** Token lifetimes in seconds. */
export const TOKEN_TTL_REMEMBER_S = 30 * 24 * 3600;
export const TOKEN_TTL_SESSION_S = 24 * 3600;
/** Login throttling: failures allowed per username (and per IP) in the window. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Password recovery. */
export const RESET_GRANT_TTL_MS = 15 * 60_000;
export const VERIFY_MAX_ATTEMPTS = 5;
export const VERIFY_WINDOW_MS = 60 * 60_000;
/** Contact form. */
export const CONTACT_MAX_PER_HOUR = 5;
export const CONTACT_FIELD_MAX = 200;
export const CONTACT_DESCRIPTION_MAX = 5_000;
export const CONTACT_PHONE_MAX = 40;
/** Announcement pop-ups. */
export const POPUP_HTML_MAX = 1_000_000;
