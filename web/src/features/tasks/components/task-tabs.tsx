import { TABS, type TabId } from "../model/task-filters";
import styles from "./task-list.module.css";

interface Props {
  tab: TabId;
  onChange(tab: TabId): void;
  showLate: boolean;
  lateCount: number;
}

/** Sort/filter tabs, with a dropdown in their place on phones and tablets (≤1023 px). */
export function TaskTabs({ tab, onChange, showLate, lateCount }: Props) {
  const tabs = TABS.filter((t) => showLate || t.id !== "retard");
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="Trier les tâches">
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={styles.tab} onClick={() => onChange(t.id)}>
            {t.label}
            {t.id === "retard" && lateCount > 0 && <span className={styles.counter}>{lateCount}</span>}
          </button>
        ))}
      </div>
      <label className={styles.mobileTabs}>
        <span className="visually-hidden">Affichage</span>
        <select value={tab} onChange={(e) => onChange(e.target.value as TabId)}>
          {tabs.map((t) => (
            <option key={t.id} value={t.id}>{t.id === "retard" && lateCount > 0 ? `${t.label} (${lateCount})` : t.label}</option>
          ))}
        </select>
      </label>
    </>
  );
}
