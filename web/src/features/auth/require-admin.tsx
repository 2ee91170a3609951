// STUB: placeholder created by the lead; the auth helper replaces it.
import type { ReactNode } from "react";
export function RequireAdmin({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
