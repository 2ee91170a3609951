import { useEffect } from "react";
import { useSession } from "../use-session";
import { startLiveUpdates } from "./live-connection";

/**
 * Keeps one live stream while someone is signed in (none for guests or a deactivated account):
 * it starts again on a new token (a new sign-in) and stops on sign-out.
 */
export function useLiveUpdates(): void {
  const session = useSession();
  const token = session?.token ?? null;
  const userId = session?.user.id ?? null;
  const active = token !== null && userId !== null && !session?.user.deactivatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is the trigger (a new session gets a new stream).
  useEffect(() => (active && userId ? startLiveUpdates(userId) : undefined), [active, userId, token]);
}
