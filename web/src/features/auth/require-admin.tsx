import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useSession } from "../../lib/use-session";

/** Only admins may open what it wraps; guests and other roles are sent to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.user.role !== "admin") return <Navigate to="/" replace />;
  return <>{children}</>;
}
