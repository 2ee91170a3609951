import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { OPEN_AVATAR_EVENT } from "../../../lib/app-events";

const ProfileEditDialog = lazy(() => import("./profile-edit-dialog"));

/**
 * Mounted once by the layout: opens the profile edit popup ('Changer l'avatar', 'Modifier mon profil').
 * `extra`: sections of other features the layout places at the end of the popup (« Mes données »).
 */
export function ProfileEditHost({ extra }: { extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // preventDefault tells the dispatcher that this feature handled the request.
    const onOpen = (e: Event) => {
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener(OPEN_AVATAR_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AVATAR_EVENT, onOpen);
  }, []);
  return <Suspense fallback={null}>{open && <ProfileEditDialog onClose={() => setOpen(false)} extra={extra} />}</Suspense>;
}
