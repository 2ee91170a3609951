import { useState } from "react";
import type { MySession } from "@planify/common/schemas/my-data";
import { Button } from "../../components/button";
import { QueryError, QueryLoading } from "../../components/query-state";
import { errorText } from "../../lib/api";
import { useNow } from "../../lib/use-now";
import { useSession } from "../../lib/use-session";
import { downloadMyData, useMySessions, useRevokeOtherSessions, useRevokeSession } from "./api/my-data-api";
import { lastSeenText } from "./last-seen";
import sections from "../../components/profile-sections.module.css";
import styles from "./my-data.module.css";

const DOWNLOAD_FAILED = "Le téléchargement de tes données a échoué.";
const LOAD_FAILED = "Impossible de lire la liste de tes appareils.";
const METHODS: Record<MySession["method"], string> = { password: "mot de passe", ent: "ENT" };

type Status = { ok: boolean; text: string } | null;

/** « Télécharger mes données »: the ZIP with its progress; the server's French refusal (429) shown as is. */
function DownloadRow() {
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<Status>(null);
  async function download() {
    setStatus(null);
    setProgress(0);
    try {
      const name = await downloadMyData((p) => setProgress(p.ratio));
      if (name) setStatus({ ok: true, text: `Archive enregistrée : ${name}` });
    } catch (error) {
      setStatus({ ok: false, text: errorText(error, DOWNLOAD_FAILED) });
    } finally {
      setProgress(null);
    }
  }
  const busy = progress !== null;
  return (
    <div className={styles.block}>
      <p className={sections.hint}>
        Une archive ZIP avec tout ce que Planify garde sur toi : ton compte, tes tâches, tes rendus et leurs fichiers, tes pièces, tes
        objets, tes rappels, tes appareils et le journal. Le fichier LISEZMOI.txt explique chaque champ.
      </p>
      <div className={styles.row}>
        <Button size="small" onClick={download} disabled={busy} aria-describedby="my-data-download-status">
          {busy ? "Préparation…" : "Télécharger mes données"}
        </Button>
        {busy && <progress className={styles.progress} max={1} value={progress || undefined} aria-label="Téléchargement de tes données" />}
      </div>
      <p
        id="my-data-download-status"
        className={status ? (status.ok ? sections.ok : sections.error) : styles.hidden}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text}
      </p>
    </div>
  );
}

/** One device of « Mes appareils », with « Déconnecter » behind a confirmation. */
function DeviceRow({ session, now, onRevoke, busy }: { session: MySession; now: number; onRevoke: () => void; busy: boolean }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={styles.device}>
      <div className={styles.deviceText}>
        <span className={styles.deviceName}>
          {session.device}
          {session.current && <span className={styles.badge}>Cet appareil</span>}
        </span>
        <span className={styles.meta}>
          Connexion par {METHODS[session.method]} · vu {lastSeenText(session.lastSeenAt, now)}
        </span>
      </div>
      {!session.current &&
        (confirming ? (
          <div className={styles.row}>
            <Button variant="danger" size="small" disabled={busy} onClick={onRevoke}>
              Confirmer
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
          </div>
        ) : (
          <Button variant="ghost" size="small" onClick={() => setConfirming(true)} aria-label={`Déconnecter ${session.device}`}>
            Déconnecter
          </Button>
        ))}
    </li>
  );
}

/** « Mes appareils »: where the account is signed in, and signing any of them out. */
function DevicesBlock() {
  const signedIn = useSession() !== null;
  const sessions = useMySessions(signedIn);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const now = useNow(30_000);
  const [confirmAll, setConfirmAll] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  const done = (res: { message: string }) => setStatus({ ok: true, text: res.message });
  const failed = (error: unknown) => setStatus({ ok: false, text: errorText(error, "La déconnexion a échoué.") });

  return (
    <div className={styles.block}>
      <h4 className={styles.subTitle}>Mes appareils</h4>
      {sessions.isPending && signedIn && <QueryLoading />}
      {sessions.isError && (
        <QueryError text={LOAD_FAILED} error={sessions.error} onRetry={sessions.refetch} retrying={sessions.isFetching} />
      )}
      {list.length > 0 && (
        <ul className={styles.devices} aria-label="Appareils connectés">
          {list.map((s) => (
            <DeviceRow
              key={s.id}
              session={s}
              now={now}
              busy={revoke.isPending}
              onRevoke={() => revoke.mutate(s.id, { onSuccess: done, onError: failed })}
            />
          ))}
        </ul>
      )}
      {confirmAll ? (
        <div className={styles.confirm}>
          <p className={sections.hint}>Tous tes autres appareils devront se reconnecter.</p>
          <div className={styles.row}>
            <Button
              variant="danger"
              size="small"
              disabled={revokeOthers.isPending}
              onClick={() => {
                setConfirmAll(false);
                revokeOthers.mutate(undefined, { onSuccess: done, onError: failed });
              }}
            >
              Confirmer
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirmAll(false)}>
              Annuler
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.row}>
          <Button
            variant="ghost"
            size="small"
            disabled={others === 0}
            onClick={() => {
              setStatus(null);
              setConfirmAll(true);
            }}
          >
            Déconnecter tous les autres appareils
          </Button>
        </div>
      )}
      <p
        className={status ? (status.ok ? sections.ok : sections.error) : styles.hidden}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text}
      </p>
    </div>
  );
}

/** « Mes données » in the profile popup: the data download and « Mes appareils ». */
export default function MyDataSection() {
  return (
    <section className={sections.section} aria-labelledby="my-data-title">
      <h3 id="my-data-title" className={sections.sectionTitle}>
        Mes données
      </h3>
      <DownloadRow />
      <DevicesBlock />
    </section>
  );
}
