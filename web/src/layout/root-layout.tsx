import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { AnnouncementHost } from "../features/announcements/announcement-host";
import { AuthDialogsProvider } from "../features/auth/auth-dialogs";
import { NotificationsProvider } from "../components/notifications";
import { RouteErrorBoundary } from "../app/error-boundary";
import { ProfileEditHost } from "../features/profile/edit/profile-edit-host";
import { ErasureSection } from "../features/erasure";
import { MyDataSection } from "../features/my-data";
import { ProfileHost } from "../features/profile/profile-host";
import { TaskListFrame } from "../features/tasks/components/task-list-frame";
import { Footer } from "./footer";
import { backgroundOf } from "./nav-links";
import { ScrollMemory } from "./scroll-memory";
import { TopBar } from "./top-bar";
import { useSession } from "../lib/use-session";
import { getDesktopBridge } from "../lib/desktop-bridge";
import styles from "./root-layout.module.css";

const PatchNotesDotWatcher = lazy(() => import("./patch-notes-dot-watcher"));
// The offline banner, the service worker and the offline check queue: after the first paint.
const ConnectivityHost = lazy(() => import("./connectivity-host"));
// The member's live stream (lib/live) and the events no feature owns: after the first paint, never for a guest.
const LiveHost = lazy(() => import("./live-host"));
// Only Planify Desktop loads « … enregistré — Afficher dans le dossier » (a browser shows its own downloads).
const DesktopSavedNotice = lazy(() => import("../components/desktop-saved-notice").then((m) => ({ default: m.DesktopSavedNotice })));
// Only a graduate deactivated by the rollover ever loads it.
const DeactivatedScreen = lazy(() => import("../features/admin-rollover/deactivated-screen"));

/** Frame of every route: top bar, page, footer; the auth dialogs and notifications live inside the router. */
export function RootLayout() {
  const { pathname } = useLocation();
  const [aboutDot, setAboutDot] = useState(false);
  const user = useSession()?.user;
  return (
    <AuthDialogsProvider>
      <NotificationsProvider>
        <div className={styles.shell} data-background={backgroundOf(pathname)}>
          <a href="#contenu" className={styles.skip}>
            Aller au contenu
          </a>
          <TopBar aboutDot={aboutDot} />
          <main id="contenu" className={styles.main} tabIndex={-1}>
            {/* A page opened directly waits for its chunk here (main keeps the footer below the fold);
                the homework list, the page members open first, shows its frame meanwhile (its
                heading paints without the chunk). Later navigations keep the current page instead.
                A page that fails (render error, chunk gone after an update) says so under the top bar. */}
            <RouteErrorBoundary key={pathname}>
              <Suspense fallback={pathname === "/devoirs" ? <TaskListFrame /> : null}>
                {/* A deactivated graduate sees one screen, whatever the address (the server refuses the rest). */}
                {user?.deactivatedAt ? <DeactivatedScreen user={user} /> : <Outlet />}
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <Footer />
        </div>
        <ProfileHost />
        <ProfileEditHost
          extra={
            <>
              <MyDataSection />
              <ErasureSection />
            </>
          }
        />
        <Suspense fallback={null}>
          <ConnectivityHost />
        </Suspense>
        {user && !user.deactivatedAt && (
          <Suspense fallback={null}>
            <LiveHost />
          </Suspense>
        )}
      </NotificationsProvider>
      <AnnouncementHost />
      {getDesktopBridge() && (
        <Suspense fallback={null}>
          <DesktopSavedNotice />
        </Suspense>
      )}
      <ScrollMemory />
      <Suspense fallback={null}>
        <PatchNotesDotWatcher onChange={setAboutDot} />
      </Suspense>
    </AuthDialogsProvider>
  );
}
