import { Outlet, ScrollRestoration, useLocation } from "react-router-dom";
import { AnnouncementHost } from "../features/announcements/announcement-host";
import { AuthDialogsProvider } from "../features/auth/auth-dialogs";
import { DesktopSavedNotice } from "../components/desktop-saved-notice";
import { NotificationsProvider } from "../components/notifications";
import { ProfileEditHost } from "../features/profile/edit/profile-edit-host";
import { ProfileHost } from "../features/profile/profile-host";
import { usePatchNotesDot } from "../lib/patch-notes-seen";
import { Footer } from "./footer";
import { backgroundOf } from "./nav-links";
import { TopBar } from "./top-bar";
import styles from "./root-layout.module.css";

/** Frame of every route: top bar, page, footer; the auth dialogs and notifications live inside the router. */
export function RootLayout() {
  const { pathname } = useLocation();
  const aboutDot = usePatchNotesDot();
  return (
    <AuthDialogsProvider>
      <NotificationsProvider>
        <div className={styles.shell} data-background={backgroundOf(pathname)}>
          <a href="#contenu" className={styles.skip}>Aller au contenu</a>
          <TopBar aboutDot={aboutDot} />
          <main id="contenu" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </div>
        <ProfileHost />
        <ProfileEditHost />
      </NotificationsProvider>
      <AnnouncementHost />
      <DesktopSavedNotice />
      <ScrollRestoration />
    </AuthDialogsProvider>
  );
}
