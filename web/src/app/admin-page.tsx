import { lazy, Suspense } from "react";
import { BookIcon, MegaphoneIcon } from "../components/icons";
import { Page } from "../components/page";
import { Tabs } from "../components/tabs";
import { PopupSender } from "../features/admin/popup-sender";
import styles from "./admin-page.module.css";

// The subjects manager belongs to the homework feature; it loads when its tab opens.
const SubjectsManager = lazy(async () => ({ default: (await import("../features/subjects/subjects-manager")).SubjectsManager }));

function Loading() {
  return <p className={styles.loading} role="status">Chargement…</p>;
}

/** The admin dashboard frame (admin only, guarded by the router): one tab per section. */
export function AdminPage() {
  return (
    <Page title="Tableau de bord" eyebrow="Administration" width={1240}
      intro="Gérez les matières de la promo et envoyez des annonces à tous les utilisateurs ou à une personne.">
      <Tabs label="Sections du tableau de bord" orientation="vertical" items={[
        {
          id: "matieres",
          label: "Gérer les matières",
          icon: <BookIcon size={18} />,
          content: <section className={styles.panel} aria-label="Gérer les matières"><Suspense fallback={<Loading />}><SubjectsManager /></Suspense></section>,
        },
        { id: "popup", label: "Envoyer un pop-up", icon: <MegaphoneIcon size={18} />, content: <PopupSender /> },
      ]} />
    </Page>
  );
}
