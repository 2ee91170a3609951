import { Suspense } from "react";
import { useSearchParams } from "react-router-dom";
import { Page } from "../components/page";
import { Tabs } from "../components/tabs";
import { ADMIN_SECTIONS } from "./admin-sections";
import styles from "../components/admin-panel.module.css";

function Loading() {
  return (
    <p className={styles.loading} role="status">
      Chargement…
    </p>
  );
}

/**
 * The admin dashboard frame (admin only, guarded by the router): a sidebar of sections. The
 * open section is in the address (?section=…), so it can be linked and survives a reload.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const current = ADMIN_SECTIONS.find((s) => s.id === params.get("section"))?.id ?? "utilisateurs";
  return (
    <Page
      title="Tableau de bord"
      eyebrow="Administration"
      width={1240}
      intro="Comptes, matières, annonces, codes, factions et journal de la promo."
    >
      <Tabs
        label="Sections du tableau de bord"
        orientation="vertical"
        value={current}
        onChange={(id) => setParams({ section: id }, { replace: true })}
        items={ADMIN_SECTIONS.map((s) => ({
          id: s.id,
          label: s.label,
          icon: s.icon,
          content: <Suspense fallback={<Loading />}>{s.render()}</Suspense>,
        }))}
      />
    </Page>
  );
}
