import type { UseQueryResult } from "@tanstack/react-query";
import { DAILY_BONUS, DAILY_BONUS_AFTER_REROLL, DAILY_QUEST_COUNT } from "@planify/common/constants/quests";
import type { DailyQuest, DailyQuestsResponse } from "@planify/common/schemas/quests";
import { nextParisMidnight, parisDate } from "@planify/common/time/paris-time";
import { Button } from "../../components/button";
import { icon } from "../../components/icons";
import { useNotify } from "../../components/notifications";
import { QueryError } from "../../components/query-state";
import { errorText } from "../../lib/api";
import { formatHoursMinutes } from "../../lib/time-format";
import { useNow } from "../../lib/use-now";
import { useReroll } from "./api/quests-api";
import { Meter } from "./meter";
import { Reward } from "./reward";
import { dailyQuestTitle } from "./quest-texts";
import styles from "./quests.module.css";

const REROLL_QUESTION = "Êtes-vous sûr de re-roll cette quête ? Cela réduira le bonus de quêtes journalières.";

/** A die (the original's emoji has no glyph on every system). */
const DiceIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <path d="M8.5 8.5h.01M12 12h.01M15.5 15.5h.01" strokeWidth={3} />
  </>,
);

interface CardProps {
  quest: DailyQuest;
  title: string;
  left: string;
  rerolled: boolean;
  rerollLocked: boolean;
  onReroll: () => void;
}

function QuestCard({ quest, title, left, rerolled, rerollLocked, onReroll }: CardProps) {
  return (
    <li className={styles.card} data-done={quest.done || undefined} data-testid={`daily-quest-${quest.id}`}>
      <div className={styles.cardTop}>
        <h4 className={styles.cardTitle}>{title}</h4>
        {quest.done && (
          <span className={styles.check} role="img" aria-label="Quête complétée">
            ✓
          </span>
        )}
      </div>
      <div className={styles.details}>
        <Reward amount={quest.reward} />
        <span className={styles.time}>Temps restant : {left}</span>
      </div>
      <Meter value={quest.done ? 100 : 0} label={`Progression : ${title}`} />
      <Button
        size="small"
        variant="secondary"
        className={styles.reroll}
        disabled={quest.done || rerollLocked}
        onClick={onReroll}
        aria-label={rerolled ? `Re-roll utilisé : ${title}` : `Re-roll : ${title}`}
      >
        <DiceIcon size={16} /> {rerolled ? "Re-roll utilisé" : "Re-roll"}
      </Button>
    </li>
  );
}

/** Three reserved cards while today's quests load: the popup keeps its size. */
function Skeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        Chargement des quêtes…
      </p>
      <ul className={styles.dailyList} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={`${styles.card} ${styles.skeleton}`} />
        ))}
      </ul>
    </>
  );
}

function Bonus({ day, allDone, left }: { day: DailyQuestsResponse; allDone: boolean; left: string }) {
  const notify = useNotify();
  const reduced = day.meta.rerollUsed;
  const amount = reduced ? DAILY_BONUS_AFTER_REROLL : DAILY_BONUS;
  const received = day.meta.bonusAwardedYmd === parisDate(Date.now());
  const rules = () =>
    void notify.alert({
      title: "Bonus des quêtes journalières",
      message: (
        <ul className={styles.rules}>
          <li>Complétez les 3 quêtes journalières pour obtenir un bonus de {DAILY_BONUS} Planify Coins.</li>
          <li>Après un re-roll, le bonus est réduit à {DAILY_BONUS_AFTER_REROLL} Planify Coins.</li>
          <li>Le re-roll est possible une fois par jour, uniquement sur une quête non complétée.</li>
        </ul>
      ),
    });
  return (
    <section className={styles.bonus} data-active={allDone || undefined} aria-labelledby="quests-bonus-title">
      <div className={styles.bonusTitle}>
        <h4 id="quests-bonus-title">Bonus journalier</h4>
        {reduced && <span className={styles.reduced}>Bonus réduit</span>}
        <button type="button" className={styles.info} onClick={rules} aria-label="Règles du bonus journalier">
          i
        </button>
      </div>
      <p className={styles.bonusState} data-testid="quests-bonus-state">
        {received ? "Bonus journalier reçu : " : allDone ? "Bonus débloqué : " : "Complétez les 3 quêtes pour débloquer le bonus : "}
        <Reward amount={amount} />
      </p>
      <p className={styles.time}>Nouvelles quêtes à minuit : {left}</p>
    </section>
  );
}

/** « Quêtes journalières »: today's three cards, the day's progress and the bonus. */
export function DailySection({ query }: { query: UseQueryResult<DailyQuestsResponse> }) {
  const notify = useNotify();
  const reroll = useReroll();
  const now = useNow(30_000);
  const left = formatHoursMinutes(nextParisMidnight(now) - now);
  const day = query.data;

  const askReroll = async (index: number) => {
    const yes = await notify.confirm({ title: "Confirmer le re-roll", message: REROLL_QUESTION, yes: "Confirmer", no: "Annuler" });
    if (!yes) return;
    reroll.mutate(index, { onError: (e) => notify.toast(errorText(e, "Le re-roll a échoué."), "error") });
  };

  const done = day?.dailyQuests.filter((q) => q.done).length ?? 0;
  const total = day?.dailyQuests.length || DAILY_QUEST_COUNT;
  return (
    <section className={styles.section} aria-labelledby="quests-daily-title">
      <h3 id="quests-daily-title" className={styles.sectionTitle}>
        Quêtes journalières
      </h3>
      {!day ? (
        query.isError ? (
          <QueryError
            text="Impossible de charger les quêtes du jour."
            error={query.error}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        ) : (
          <Skeleton />
        )
      ) : (
        <ul className={styles.dailyList}>
          {day.dailyQuests.map((q, i) => (
            <QuestCard
              key={q.id}
              quest={q}
              title={dailyQuestTitle(q.id, q.title, day.meta.targetLeaderboardName)}
              left={left}
              rerolled={day.meta.rerollUsed && day.meta.rerollIndex === i}
              rerollLocked={day.meta.rerollUsed || reroll.isPending}
              onReroll={() => void askReroll(i)}
            />
          ))}
        </ul>
      )}
      <div className={styles.overall}>
        <p className={styles.overallLabel}>
          Progression journalière : {done}/{total}
        </p>
        <Meter value={(done / total) * 100} label="Progression journalière" large busy={!day} />
      </div>
      {day ? <Bonus day={day} allDone={done === total} left={left} /> : <div className={`${styles.bonus} ${styles.skeleton}`} />}
    </section>
  );
}
