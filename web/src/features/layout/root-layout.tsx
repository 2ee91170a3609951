// STUB: placeholder created by the lead so the router compiles; the owning helper replaces it.
import { Outlet } from "react-router-dom";
export function RootLayout() {
  return <Outlet />;
}
