import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { RootLayout } from "../layout/root-layout";
import { HomePage } from "../features/home/home-page";
import { RequireAdmin } from "../features/auth/require-admin";
import { useSession } from "../lib/use-session";
import { PAGE_PATHS } from "@planify/common/constants/page-paths";

// Every page but the home page is split out, so a student's first page stays small.
const TasksPage = lazy(() => import("../features/tasks/tasks-page").then((m) => ({ default: m.TasksPage })));
// The hand-in page and a teacher's « À corriger » come in one chunk (profs and admins only).
const HandIns = lazy(() => import("../features/hand-ins/screens"));
const TimetablePage = lazy(() => import("../features/timetable/timetable-page").then((m) => ({ default: m.TimetablePage })));
const AboutPage = lazy(() => import("../features/about/about-page").then((m) => ({ default: m.AboutPage })));
const PrivacyPage = lazy(() => import("../features/legal/privacy-page").then((m) => ({ default: m.PrivacyPage })));
const ContactPage = lazy(() => import("../features/contact/contact-page").then((m) => ({ default: m.ContactPage })));
const FactionsPage = lazy(() => import("../features/factions/factions-page").then((m) => ({ default: m.FactionsPage })));
const AdminPage = lazy(() => import("./admin-page").then((m) => ({ default: m.AdminPage })));
const ConfirmEmailPage = lazy(() => import("../features/reminders/confirm-email-page").then((m) => ({ default: m.ConfirmEmailPage })));
const SsoErrorPage = lazy(() => import("../features/sso-error/sso-error-page").then((m) => ({ default: m.SsoErrorPage })));
const NotFoundPage = lazy(() => import("../layout/not-found-page").then((m) => ({ default: m.NotFoundPage })));

/** A teacher's « À corriger » at the top of the home page; nothing (nor its chunk) for anyone else. */
function TeacherHomeTop() {
  const role = useSession()?.user.role;
  if (role !== "prof" && role !== "admin") return null;
  return (
    // The section's own fixed height (to-mark-section.module.css), held while its chunk loads.
    <Suspense fallback={<div style={{ height: "15rem" }} />}>
      <HandIns toMark />
    </Suspense>
  );
}

/** The app's routes, all inside the layout (top bar, page, footer). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path="/"
          element={
            <>
              <TeacherHomeTop />
              <HomePage />
            </>
          }
        />
        <Route path="/devoirs" element={<TasksPage />} />
        <Route path="/devoirs/:id/depots" element={<HandIns />} />
        <Route path="/emploi-du-temps" element={<TimetablePage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/confidentialite" element={<PrivacyPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/factions" element={<FactionsPage />} />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route path={PAGE_PATHS.emailConfirmation} element={<ConfirmEmailPage />} />
        <Route path={PAGE_PATHS.ssoError} element={<SsoErrorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
