import { lazy, Suspense, useEffect, useState } from "react";
import { OPEN_REDEEM_CODE_EVENT } from "../../lib/app-events";

const RedeemCodeDialog = lazy(() => import("./redeem-code-dialog"));

/** Opens 'Entrer un code' when the account menu asks for it. */
export function RedeemCodeListener() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // preventDefault tells the account menu that this feature handles the request.
    const onOpen = (e: Event) => {
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener(OPEN_REDEEM_CODE_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_REDEEM_CODE_EVENT, onOpen);
  }, []);
  return <Suspense fallback={null}>{open && <RedeemCodeDialog onClose={() => setOpen(false)} />}</Suspense>;
}
