import { useState } from "react";
import { frenchDate, pauseProblem } from "@planify/common/constants/holidays";
import type { ReminderPause } from "@planify/common/schemas/holidays";
import { addDays, parisDate } from "@planify/common/time/paris-time";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { useReminderPause } from "../api/reminders-api";
import styles from "../../../components/profile-sections.module.css";
import n from "./notifications.module.css";

type Status = { ok: boolean; text: string } | null;

/** The school holidays (reminders pause unless kept) and « mode vacances » (paused through a chosen date). */
export function ReminderPauseControls({ pause }: { pause: ReminderPause }) {
  const change = useReminderPause();
  const today = parisDate(Date.now());
  const [until, setUntil] = useState(() => addDays(today, 7));
  const [status, setStatus] = useState<Status>(null);
  const run = (body: Parameters<typeof change.mutate>[0]) =>
    change.mutate(body, {
      onSuccess: (res) => setStatus({ ok: true, text: res.message }),
      onError: (error) => setStatus({ ok: false, text: errorText(error, "Impossible de changer la pause des rappels.") }),
    });

  // Optimistic: the box shows the choice at once while it is sent (TanStack Query's pending variables).
  const sent = change.isPending ? change.variables : undefined;
  const keepShown = sent && "pauseInHolidays" in sent ? !sent.pauseInHolidays : !pause.pauseInHolidays;

  function start(e: React.FormEvent) {
    e.preventDefault();
    const problem = pauseProblem(until, today);
    if (problem) return setStatus({ ok: false, text: problem });
    run({ until });
  }

  return (
    <div className={n.pause}>
      <fieldset className={n.group}>
        <legend>Vacances scolaires</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={keepShown}
            disabled={change.isPending}
            onChange={(e) => run({ pauseInHolidays: !e.target.checked })}
          />
          Garder mes rappels pendant les vacances
        </label>
        <p className={styles.hint}>
          {pause.holidayNow ? `C'est en ce moment ${pause.holidayNow}. ` : ""}
          Par défaut, tes rappels s'arrêtent pendant les vacances de l'établissement et reprennent la veille de la rentrée.
        </p>
      </fieldset>
      <fieldset className={n.group}>
        <legend>Mode vacances</legend>
        {pause.pausedUntil ? (
          <>
            <p className={n.paused}>Rappels en pause jusqu'au {frenchDate(pause.pausedUntil)} inclus.</p>
            <p className={styles.hint}>
              Ils reprennent seuls le {frenchDate(addDays(pause.pausedUntil, 1))}. Les rappels prévus pendant la pause ne sont pas envoyés
              après coup.
            </p>
            <div className={styles.row}>
              <Button size="small" variant="secondary" disabled={change.isPending} onClick={() => run({ resume: true })}>
                Reprendre maintenant
              </Button>
            </div>
          </>
        ) : (
          <form className={n.line} onSubmit={start} noValidate>
            <label htmlFor="reminder-pause-until">Mettre mes rappels en pause jusqu'au</label>
            <input
              id="reminder-pause-until"
              className={n.date}
              type="date"
              min={addDays(today, 1)}
              value={until}
              onChange={(e) => {
                setUntil(e.target.value);
                setStatus(null);
              }}
            />
            <Button type="submit" size="small" variant="secondary" disabled={change.isPending}>
              Mettre en pause
            </Button>
          </form>
        )}
        {!pause.pausedUntil && (
          <p className={styles.hint}>Jusqu'à cette date incluse ; ce qui tombe pendant la pause ne t'est pas envoyé ensuite.</p>
        )}
      </fieldset>
      <p
        className={status ? (status.ok ? styles.ok : styles.error) : styles.hint}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
