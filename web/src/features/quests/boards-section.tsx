import { ACHIEVEMENTS, REPEATABLE_QUESTS } from "@planify/common/constants/quests";
import { achievementProgress } from "@planify/common/rules/quest-progress";
import { parisDate } from "@planify/common/time/paris-time";
import { useNotify } from "../../components/notifications";
import { QueryError } from "../../components/query-state";
import type { useQuestBoards } from "./api/quests-api";
import { Meter } from "./meter";
import { QuestIcon } from "./quest-icon";
import { Reward } from "./reward";
import styles from "./quests.module.css";

type Boards = ReturnType<typeof useQuestBoards>;

// The titles and rewards are the contract's: the cards are drawn at once, their bars fill in
// when the answers arrive, so nothing moves while the popup loads.

/** « Quêtes répétables »: progress toward each one's next payment. */
export function RepeatableSection({ query }: { query: Boards["repeatable"] }) {
  const progress = new Map(query.data?.repeatable.map((r) => [r.id, r.progress]));
  return (
    <section className={styles.section} aria-labelledby="quests-repeat-title">
      <h3 id="quests-repeat-title" className={styles.sectionTitle}>
        Quêtes répétables
      </h3>
      {query.isError && (
        <QueryError
          text="Impossible de charger les quêtes répétables."
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      )}
      <ul className={styles.repeatList}>
        {REPEATABLE_QUESTS.map((q) => (
          <li key={q.id} className={`${styles.card} ${styles.small}`} data-testid={`repeat-quest-${q.id}`}>
            <h4 className={styles.cardTitle}>{q.title}</h4>
            <Reward amount={q.reward} />
            <Meter value={progress.get(q.id) ?? 0} label={`Progression : ${q.title}`} tone="orange" busy={!query.data} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** « Succès »: every achievement with its progress; a click tells what it asks. */
export function AchievementsSection({ achievements, stats }: Pick<Boards, "achievements" | "stats">) {
  const notify = useNotify();
  const unlocked = new Set(achievements.data?.achievements);
  const loaded = !!achievements.data && !!stats.data;
  const today = parisDate(Date.now());
  const failed = achievements.isError ? achievements : stats.isError ? stats : null;
  return (
    <section className={styles.section} aria-labelledby="quests-ach-title">
      <h3 id="quests-ach-title" className={styles.sectionTitle}>
        Succès
      </h3>
      {failed && (
        <QueryError text="Impossible de charger les succès." error={failed.error} onRetry={failed.refetch} retrying={failed.isFetching} />
      )}
      <ul className={styles.achGrid}>
        {ACHIEVEMENTS.map((a) => {
          const pct = achievementProgress(a.id, stats.data, unlocked, today);
          return (
            <li key={a.id}>
              <button
                type="button"
                className={styles.ach}
                data-unlocked={unlocked.has(a.id) || undefined}
                aria-haspopup="dialog"
                onClick={() => void notify.alert({ title: a.title, message: a.description })}
              >
                <span className={styles.achTop}>
                  <QuestIcon size={22} />
                  <span className={styles.achName}>{a.title}</span>
                </span>
                {/* A button's content is read as its name: the bar is drawn, the percentage is read. */}
                <span className={styles.achProgress}>
                  <span aria-hidden="true">
                    <Meter value={pct} label={`Progression : ${a.title}`} busy={!loaded} />
                  </span>
                  <span className={styles.achPct}>{loaded ? `${pct} %` : "—"}</span>
                </span>
                {unlocked.has(a.id) && <span className="visually-hidden">, obtenu</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
