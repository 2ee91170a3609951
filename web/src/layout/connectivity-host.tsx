import { lazy, Suspense, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../components/button";
import { useNotify } from "../components/notifications";
import { NEEDS_CONNECTION, NEEDS_CONNECTION_EVENT, useOffline } from "../lib/connectivity";
import { registerServiceWorker, type UpdateReady } from "../lib/pwa/register-sw";
import { useSession } from "../lib/use-session";
import styles from "./connectivity-host.module.css";

const CheckQueueSync = lazy(() => import("../features/tasks/offline/check-queue-sync"));

/**
 * Everything about the connection, loaded after the first paint: the 'Hors ligne' banner,
 * the notice of an action that needs the server, the service worker and its update prompt,
 * and the sending of checks made offline.
 */
export default function ConnectivityHost() {
  const offline = useOffline();
  const notify = useNotify();
  const session = useSession();
  const [update, setUpdate] = useState<UpdateReady | null>(null);

  const client = useQueryClient();

  // A first worker taking control: what the page shows is fetched again through it, so that
  // it keeps the copies (the list) a reload without a connection needs.
  useEffect(() => registerServiceWorker(setUpdate, () => void client.refetchQueries({ type: "active" })), [client]);
  useEffect(() => {
    document.documentElement.style.setProperty("--offline-lift", offline ? "44px" : "0px");
  }, [offline]);
  useEffect(() => {
    const onNeeds = () => notify.toast(NEEDS_CONNECTION, "error");
    window.addEventListener(NEEDS_CONNECTION_EVENT, onNeeds);
    return () => window.removeEventListener(NEEDS_CONNECTION_EVENT, onNeeds);
  }, [notify]);

  return (
    <>
      {/* Always in the page (an empty live region), so the text is announced when it appears. */}
      <div role="status" aria-live="polite" className={styles.bannerSlot}>
        {offline && (
          <p className={styles.banner} data-testid="offline-banner">
            <span className={styles.dot} aria-hidden="true" />
            <strong>Hors ligne</strong>
            <span className={styles.detail}>Dernières données chargées</span>
          </p>
        )}
      </div>
      {update && (
        <section className={styles.update} aria-label="Mise à jour" data-testid="update-prompt">
          <p>Une nouvelle version de Planify est disponible</p>
          <Button size="small" onClick={() => update.apply()}>
            Recharger
          </Button>
        </section>
      )}
      {session && (
        <Suspense fallback={null}>
          <CheckQueueSync userId={session.user.id} />
        </Suspense>
      )}
    </>
  );
}
