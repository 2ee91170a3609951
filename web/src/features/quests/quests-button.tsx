import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "../../lib/use-session";
import { useDailyQuests } from "./api/quests-api";
import { QuestIcon } from "./quest-icon";
import { useQuestEvents } from "./use-quest-events";
import styles from "./quests-button.module.css";

// The popup and its four reads load when it is first opened.
const loadPopup = () => import("./quests-popup");
const QuestsPopup = lazy(loadPopup);

/** Today's quests are read a moment after the balance, so the top bar's first calls do not queue. */
const DAILY_DELAY_MS = 400;

/** The top bar's « Quêtes » button (members): a badge counts today's quests left; a click opens the popup. */
export function QuestsButton({ className }: { className?: string }) {
  const token = useSession()?.token ?? null;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!token) return;
    const t = setTimeout(() => setReady(true), DAILY_DELAY_MS);
    return () => clearTimeout(t);
  }, [token]);
  const daily = useDailyQuests(ready);
  useQuestEvents(daily.data);
  const [open, setOpen] = useState(false);
  const left = daily.data?.dailyQuests.filter((q) => !q.done).length ?? 0;
  const preload = () =>
    void loadPopup().catch(() => {
      // Only a head start: the click asks for the chunk again (and the error boundary says why it failed).
    });

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label={left ? `Quêtes : ${left} quête${left > 1 ? "s" : ""} du jour à faire` : "Quêtes"}
        title="Quêtes"
        data-testid="quests-button"
      >
        <QuestIcon size={20} />
        {left > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="quests-left">
            {left}
          </span>
        )}
      </button>
      <Suspense fallback={null}>{open && <QuestsPopup onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
