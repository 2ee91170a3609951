import { useState } from "react";
import { SEASON_LOSE_REWARD, SEASON_WIN_REWARD } from "@planify/common/constants/social";
import { Button } from "../../components/button";
import { CheckIcon } from "../../components/icons";
import { MegaphoneIcon } from "../../components/page-icons";
import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { useFactionBoard } from "../../lib/social/social-api";
import { useFlash } from "../../lib/use-flash";
import { notifyFactionResults, resetFactions, useFactionAdminMutation } from "./api/factions-admin";
import { DistributeForm } from "./distribute-form";
import { FactionTotalCard } from "./faction-total-card";
import styles from "../../components/admin-panel.module.css";

/** "lundi 30 novembre 2026 à minuit": the season ends at the Paris midnight that opens the next month. */
const seasonEnd = (iso: string) =>
  `${new Date(Date.parse(iso) - 1).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", weekday: "long", day: "numeric", month: "long", year: "numeric" })} à minuit`;

/** The factions section of the admin dashboard: totals, result pop-ups, reset, distribution. */
export function AdminFactionsPanel() {
  const board = useFactionBoard();
  const notify = useNotify();
  const [flash, showFlash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const sendResults = useFactionAdminMutation(notifyFactionResults);
  const reset = useFactionAdminMutation(resetFactions);

  const done = (text: string) => {
    setError(null);
    showFlash(text);
  };

  async function onNotify() {
    showFlash(null);
    try {
      done((await sendResults.mutateAsync(undefined)).message);
    } catch (err) {
      setError(failureText("Erreur envoi notifications", err, ": "));
    }
  }

  async function onReset() {
    showFlash(null);
    const yes = await notify.confirm({
      title: "Remettre les factions à zéro ?",
      message:
        "Les coins de faction de chaque compte et les totaux des deux factions repasseront à 0. Les portefeuilles et le classement ne changent pas.",
      yes: "Remettre à zéro",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      done((await reset.mutateAsync(undefined)).message);
    } catch (err) {
      setError(failureText("Erreur lors du reset des coins de faction", err, " : "));
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="admin-factions-title">
      <h2 id="admin-factions-title" className={styles.panelTitle}>
        Factions
      </h2>
      <p className={styles.panelIntro}>
        {board.data
          ? `Saison en cours : fin le ${seasonEnd(board.data.season.endsAt)}. À la fin du mois, la saison se clôt toute seule (gagnants +${SEASON_WIN_REWARD}, perdants +${SEASON_LOSE_REWARD}).`
          : "Totaux de la saison, résultats, remise à zéro et distribution de coins."}
      </p>
      {flash && (
        <p className={styles.success} role="status">
          <CheckIcon size={18} /> {flash}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {board.isPending && <p className={styles.loading}>Chargement des factions…</p>}
      {board.isError && (
        <p className={styles.error} role="alert">
          {failureText("Impossible de charger les factions", board.error, " : ")}
        </p>
      )}
      {board.data && (
        <>
          <h3 className={styles.subTitle}>Totaux</h3>
          <div className={styles.cards}>
            {board.data.factions.map((f) => (
              <FactionTotalCard key={f.name} faction={f} multiplier={board.data.priceByFaction[f.name] ?? 1} onSaved={done} />
            ))}
          </div>
          <h3 className={styles.subTitle}>Résultats et remise à zéro</h3>
          <p className={styles.muted}>Les résultats sont envoyés en pop-up à chaque membre d'après les totaux actuels, sans coins.</p>
          <div className={styles.actions}>
            <Button onClick={onNotify} disabled={sendResults.isPending}>
              <MegaphoneIcon size={18} /> {sendResults.isPending ? "Envoi…" : "Envoyer les résultats"}
            </Button>
            <Button variant="danger" onClick={onReset} disabled={reset.isPending}>
              {reset.isPending ? "Remise à zéro…" : "Remettre à zéro"}
            </Button>
          </div>
          <h3 className={styles.subTitle}>Distribuer des coins</h3>
          <DistributeForm factions={board.data.factions} onDone={done} />
        </>
      )}
    </section>
  );
}
