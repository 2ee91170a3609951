import { lazy, Suspense } from "react";
import type { SessionUser } from "@planify/common/schemas/users";
import { AccountMenu } from "./account-menu";
import { TopBarCoins } from "./top-bar-coins";
import DesktopReminders from "../features/reminders/desktop-reminders";

// Only a student created at their first ENT sign-in ever loads it.
const FirstSignInDialog = lazy(() => import("../features/first-sign-in/first-sign-in-dialog"));

/**
 * A member's part of the top bar (coins, wheel timer, account menu and the economy's
 * listeners), split out of the first page: a guest never downloads it.
 */
export default function MemberWidgets({ user }: { user: SessionUser }) {
  // A deactivated graduate may only sign out (and download their data): no coins, no reminders.
  if (user.deactivatedAt) return <AccountMenu user={user} />;
  return (
    <>
      <TopBarCoins />
      <AccountMenu user={user} />
      <DesktopReminders user={user} />
      {user.profilePending && (
        <Suspense fallback={null}>
          <FirstSignInDialog user={user} />
        </Suspense>
      )}
    </>
  );
}
