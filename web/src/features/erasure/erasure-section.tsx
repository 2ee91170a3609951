import { useState } from "react";
import { SELF_ERASURE_CONFIRMATION } from "@planify/common/constants/privacy";
import { Button } from "../../components/button";
import { QueryError, QueryLoading } from "../../components/query-state";
import { errorText } from "../../lib/api";
import { clearSession } from "../../lib/session";
import { useSession } from "../../lib/use-session";
import styles from "../../components/profile-sections.module.css";
import { useCancelErasure, useErasureStatus, useRequestErasure } from "./erasure-api";

const FAILED = "Impossible d'envoyer ta demande.";
const dateFr = (iso: string) =>
  new Date(iso).toLocaleDateString("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" });

/**
 * « Supprimer mon compte » in the profile: what goes and what stays, then the person types
 * SUPPRIMER. Self-service erases at once and signs out; otherwise the request waits for an
 * admin (users list, « Effacer les données ») and can be withdrawn. Admin accounts see nothing.
 */
export default function ErasureSection() {
  const user = useSession()?.user;
  const status = useErasureStatus(user !== undefined && user.role !== "admin");
  const request = useRequestErasure();
  const cancel = useCancelErasure();
  const [typed, setTyped] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!user || user.role === "admin") return null;
  const selfService = status.data?.selfService ?? false;
  const requestedAt = status.data?.requestedAt ?? null;

  function submit() {
    request.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        setTyped("");
        setMessage({ ok: true, text: res.message });
        if (res.erased) setTimeout(clearSession, 1500);
      },
      onError: (error) => setMessage({ ok: false, text: errorText(error, FAILED) }),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="edit-erasure-title">
      <h3 id="edit-erasure-title" className={styles.sectionTitle}>
        Supprimer mon compte
      </h3>
      <p className={styles.hint}>
        Sont effacés : ton compte, ton profil (avatar, note, musique), tes rendus, tes tâches personnelles, tes rappels, tes appareils et
        tes objets. Restent, sans ton nom : les lignes du registre des pièces (pour que les totaux des factions restent justes) et le
        journal de l'administration (« compte supprimé »). Les sauvegardes s'effacent d'elles-mêmes au fil de leur rotation.
      </p>
      {status.isPending && <QueryLoading />}
      {status.isError && (
        <QueryError
          text="Impossible de lire l'état de ta demande."
          error={status.error}
          onRetry={status.refetch}
          retrying={status.isFetching}
        />
      )}
      {status.data && (
        <>
          <p className={styles.hint}>
            {selfService
              ? "Ton établissement permet l'effacement immédiat : il est définitif."
              : "Ta demande est envoyée à l'administration, qui efface ton compte et tes données."}{" "}
            Pense à télécharger tes données avant (« Mes données »).
          </p>
          {requestedAt ? (
            <div className={styles.row}>
              <p className={styles.ok}>Demande envoyée le {dateFr(requestedAt)}.</p>
              <Button
                variant="ghost"
                size="small"
                onClick={() => cancel.mutate(undefined, { onSuccess: (res) => setMessage({ ok: true, text: res.message }) })}
              >
                Annuler ma demande
              </Button>
            </div>
          ) : confirming ? (
            <div className={styles.confirm}>
              <label htmlFor="edit-erasure-confirm" className={styles.field}>
                Pour confirmer, tape {SELF_ERASURE_CONFIRMATION}
                <input
                  id="edit-erasure-confirm"
                  className={styles.input}
                  value={typed}
                  autoComplete="off"
                  onChange={(e) => setTyped(e.currentTarget.value)}
                />
              </label>
              <div className={styles.row}>
                <Button variant="danger" size="small" disabled={typed !== SELF_ERASURE_CONFIRMATION || request.isPending} onClick={submit}>
                  {selfService ? "Effacer mon compte" : "Envoyer ma demande"}
                </Button>
                <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
                  Annuler
                </Button>
              </div>
            </div>
          ) : (
            <div className={styles.row}>
              <Button variant="danger" size="small" onClick={() => setConfirming(true)}>
                Supprimer mon compte
              </Button>
            </div>
          )}
          {message && (
            <p className={message.ok ? styles.ok : styles.error} role={message.ok ? "status" : "alert"}>
              {message.text}
            </p>
          )}
        </>
      )}
    </section>
  );
}
