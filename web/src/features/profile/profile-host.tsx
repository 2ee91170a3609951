import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_PROFILE_EVENT } from "../../lib/app-events";
import { useSession } from "../../lib/use-session";

// The popup (avatar art, music player) loads on the first profile opened, not with the first page.
const ProfilePopup = lazy(() => import("./profile-popup").then((m) => ({ default: m.ProfilePopup })));

/**
 * Mounted once by the layout: shows the profile popup of whichever user an OPEN_PROFILE_EVENT
 * names (leaderboard rows, faction boards, the account menu's 'Profil').
 */
export function ProfileHost() {
  const loggedIn = useSession() !== null;
  const [userId, setUserId] = useState<string | null>(null);

  useEffect(() => {
    const onOpen = (e: Event) => {
      const id = (e as CustomEvent<{ userId?: unknown } | undefined>).detail?.userId;
      if (typeof id !== "string" || !id) return;
      e.preventDefault();
      setUserId(id);
    };
    window.addEventListener(OPEN_PROFILE_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_PROFILE_EVENT, onOpen);
  }, []);

  useEffect(() => {
    if (!loggedIn) setUserId(null);
  }, [loggedIn]);

  return loggedIn && userId ? (
    <Suspense fallback={null}>
      <ProfilePopup key={userId} userId={userId} onClose={() => setUserId(null)} />
    </Suspense>
  ) : null;
}
