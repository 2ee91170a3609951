import { Dialog } from "../../components/dialog";
import { useDailyQuests, useQuestBoards } from "./api/quests-api";
import { AchievementsSection, RepeatableSection } from "./boards-section";
import { DailySection } from "./daily-section";
import { QuestIcon } from "./quest-icon";
import styles from "./quests.module.css";

/** The quests popup (the original's QuestsPopup): today's quests and bonus, repeatable quests, achievements. */
export default function QuestsPopup({ onClose }: { onClose: () => void }) {
  const daily = useDailyQuests();
  const boards = useQuestBoards();
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      width={920}
      className={styles.dialog}
      description="Accomplissez vos quêtes pour gagner des Planify Coins ; elles se renouvellent chaque jour à minuit."
      title={
        <span className={styles.title}>
          <QuestIcon size={28} />
          Quêtes
        </span>
      }
    >
      <DailySection query={daily} />
      <RepeatableSection query={boards.repeatable} />
      <AchievementsSection achievements={boards.achievements} stats={boards.stats} />
    </Dialog>
  );
}
