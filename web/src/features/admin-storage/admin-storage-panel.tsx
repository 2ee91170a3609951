import { formatStorage } from "@planify/common/constants/storage";
import { Button } from "../../components/button";
import { failureText } from "../../lib/failure-text";
import { useStorage } from "./api/storage";
import shared from "../../components/admin-panel.module.css";
import styles from "./admin-storage-panel.module.css";

/**
 * The storage section of the admin dashboard: free space on the data folder's disk, what
 * uploads take, the quota per account, and a warning under the threshold IT set (the same
 * one that turns /api/health into a 503).
 */
export function AdminStoragePanel() {
  const storage = useStorage();
  const s = storage.data;
  const usedShare = s && s.totalBytes > 0 ? Math.min(100, Math.round(((s.totalBytes - s.freeBytes) / s.totalBytes) * 100)) : 0;
  return (
    <section className={shared.panel} aria-labelledby="admin-storage-title">
      <h2 id="admin-storage-title" className={shared.panelTitle}>
        Espace disque
      </h2>
      <p className={shared.panelIntro}>
        Le disque du dossier des données garde la base et tous les fichiers déposés. Quand il est plein, plus rien ne peut être enregistré.
      </p>
      {storage.isPending && (
        <p className={shared.loading} role="status">
          Chargement…
        </p>
      )}
      {storage.isError && (
        <div role="alert">
          <p className={shared.error}>{failureText("Impossible de lire l'espace disque", storage.error, " : ")}</p>
          <Button size="small" variant="secondary" onClick={() => void storage.refetch()} disabled={storage.isFetching}>
            {storage.isFetching ? "Chargement…" : "Réessayer"}
          </Button>
        </div>
      )}
      {s && (
        <>
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt>Espace libre</dt>
              <dd>
                {formatStorage(s.freeBytes)} <small>sur {formatStorage(s.totalBytes)}</small>
              </dd>
            </div>
            <div className={styles.figure}>
              <dt>Fichiers déposés</dt>
              <dd>{formatStorage(s.uploadsBytes)}</dd>
            </div>
            <div className={styles.figure}>
              <dt>Quota par compte élève</dt>
              <dd>{s.userQuotaBytes === null ? "Aucun" : formatStorage(s.userQuotaBytes)}</dd>
            </div>
          </dl>
          <div className={styles.bar} data-low={s.low} aria-hidden="true">
            <div className={styles.used} style={{ width: `${usedShare}%` }} />
          </div>
          <p className={shared.muted}>
            Disque utilisé à {usedShare} % ·{" "}
            {s.minFreeBytes > 0
              ? `alerte sous ${formatStorage(s.minFreeBytes)} libres.`
              : "aucune alerte d'espace (PLANIFY_DISK_MIN_FREE_MB=0)."}
          </p>
          {s.low && (
            <p className={`${shared.error} ${styles.warning}`} role="alert">
              Espace disque faible : il reste {formatStorage(s.freeBytes)}, sous le seuil de {formatStorage(s.minFreeBytes)}. Libérez de la
              place ou agrandissez le disque : une fois plein, les dépôts et les achats seront refusés.
            </p>
          )}
        </>
      )}
    </section>
  );
}
