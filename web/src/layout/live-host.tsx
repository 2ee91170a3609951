import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { useNotify } from "../components/notifications";
import { isProtectedPath } from "../lib/api";
import { useEconomyLiveUpdates } from "../lib/economy/economy-live";
import { useLiveEvent } from "../lib/live/live-bus";
import { useLiveUpdates } from "../lib/live/use-live-updates";
import { clearSession } from "../lib/session";
import { useBoardsLiveUpdates } from "../lib/social/social-live";

/** What a user whose session was closed elsewhere (another device, an administrator) reads. */
export const SESSION_REVOKED_TITLE = "Session fermée";
export const SESSION_REVOKED_MESSAGE = "Vous avez été déconnecté de cet appareil. Reconnectez-vous pour continuer.";

/**
 * The member's live stream (lib/live), loaded after the first paint, and the events no feature
 * owns: `reset` reloads everything shown, `session-revoked` signs out with a message, and the
 * shared wallet and boards (lib/economy, lib/social) reload their queries. Features subscribe
 * to their own kinds (useLiveEvent). Renders nothing.
 */
export default function LiveHost() {
  useLiveUpdates();
  useEconomyLiveUpdates();
  useBoardsLiveUpdates();
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useLiveEvent("reset", () => void client.invalidateQueries());
  useLiveEvent("session-revoked", () => {
    void notify.alert({ title: SESSION_REVOKED_TITLE, message: SESSION_REVOKED_MESSAGE });
    clearSession();
    // As after a 401 (api.ts), a page that only makes sense signed in is left, without a reload (the message stays).
    if (isProtectedPath(pathname)) navigate("/", { replace: true });
  });
  return null;
}
