import { createBrowserRouter } from "react-router-dom";
import { RootLayout } from "../layout/root-layout";
import { HomePage } from "../features/home/home-page";
import { RequireAdmin } from "../features/auth/require-admin";

// Every page but the home page is split out, so a student's first page stays small.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/devoirs", lazy: async () => ({ Component: (await import("../features/tasks/tasks-page")).TasksPage }) },
      { path: "/emploi-du-temps", lazy: async () => ({ Component: (await import("../features/timetable/timetable-page")).TimetablePage }) },
      { path: "/about", lazy: async () => ({ Component: (await import("../features/about/about-page")).AboutPage }) },
      { path: "/contact", lazy: async () => ({ Component: (await import("../features/contact/contact-page")).ContactPage }) },
      { path: "/factions", lazy: async () => ({ Component: (await import("../features/factions/factions-page")).FactionsPage }) },
      {
        path: "/admin",
        lazy: async () => {
          const { AdminPage } = await import("./admin-page");
          return { Component: () => <RequireAdmin><AdminPage /></RequireAdmin> };
        },
      },
      { path: "*", lazy: async () => ({ Component: (await import("../layout/not-found-page")).NotFoundPage }) },
    ],
  },
]);
