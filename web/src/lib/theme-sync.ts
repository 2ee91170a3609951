// The theme is kept in this browser AND on the account, so that a theme chosen on one device
// shows at the next login on another. Local storage stays the source for the first paint
// (theme-init.js). The account's choice wins at login; a restored session brings it only to a
// browser without a choice of its own, since every change made while logged in is already
// mirrored here (and a stored session's copy may be older than this browser's choice).
import type { Theme } from "@planify/common/constants/school";
import type { ThemeBody } from "@planify/common/schemas/social";
import { getSession, subscribe, updateUser } from "./session";
import { applyServerTheme, getDarkTuning, getTheme, hasStoredTheme, setDarkTuning, setTheme, type DarkTuning } from "./theme";

/**
 * Applies the session user's theme at every login (each time the session's user changes), and
 * now for a restored session when this browser has no theme of its own. Returns the function
 * that stops listening.
 */
export function startThemeSync(): () => void {
  let userId = getSession()?.user.id ?? null;
  const restored = getSession();
  if (restored && !hasStoredTheme()) applyServerTheme(restored.user);
  return subscribe((session) => {
    const next = session?.user.id ?? null;
    if (session && next !== userId) applyServerTheme(session.user);
    userId = next;
  });
}

function bodyOfCurrent(): ThemeBody {
  const tuning = getDarkTuning();
  return { theme: getTheme(), darkBrightness: tuning.brightness, darkContrast: tuning.contrast };
}

/**
 * Changes the theme here at once and, when logged in, on the account. The server call fails
 * silently (the local choice stays): a theme is not worth an error message.
 */
export function useSaveTheme() {
  // A plain call rather than useMutation: nothing shows its state, and the mutation
  // machinery would otherwise sit in every first page (the theme button is in the top bar).
  return (change: { theme?: Theme } & Partial<DarkTuning>) => {
    if (change.theme) setTheme(change.theme);
    if (change.brightness !== undefined || change.contrast !== undefined) {
      setDarkTuning({ brightness: change.brightness, contrast: change.contrast });
    }
    if (!getSession()) return;
    const body = bodyOfCurrent();
    // The session copy follows at once, so a reload before the answer keeps this choice.
    updateUser({ theme: body.theme, darkBrightness: body.darkBrightness, darkContrast: body.darkContrast });
    // The typed client is loaded on demand (a theme change is a click away): it stays off the
    // first page.
    import("./api/client")
      .then(({ answerOf, apiClient }) => answerOf(apiClient.PUT("/api/users/me/theme", { body })))
      // A failed send is not retried: the theme is kept here and the next change sends it all again.
      .catch(() => undefined);
  };
}
