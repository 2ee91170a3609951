import { Tab, TabList } from "../../../components/tabs";
import { TABS, type TabId } from "../model/task-filters";
import styles from "./task-list.module.css";

interface Props {
  tab: TabId;
  onChange(tab: TabId): void;
  showLate: boolean;
  lateCount: number;
}

/**
 * Sort/filter tabs (inside the screen's TabsRoot, which also holds the list as their panel),
 * with a dropdown in their place on phones and tablets (≤1023 px).
 */
export function TaskTabs({ tab, onChange, showLate, lateCount }: Props) {
  const tabs = TABS.filter((t) => showLate || t.id !== "retard");
  return (
    <>
      <TabList className={styles.tabs} aria-label="Trier les tâches">
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} className={styles.tab}>
            {t.label}
            {t.id === "retard" && lateCount > 0 && <span className={styles.counter}>{lateCount}</span>}
          </Tab>
        ))}
      </TabList>
      <label className={styles.mobileTabs}>
        <span className="visually-hidden">Affichage</span>
        <select value={tab} onChange={(e) => onChange(e.target.value as TabId)}>
          {tabs.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id === "retard" && lateCount > 0 ? `${t.label} (${lateCount})` : t.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
