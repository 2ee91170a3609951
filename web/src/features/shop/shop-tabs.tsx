import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, TabsRoot } from "../../components/tabs";
import styles from "./shop.module.css";

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
  badge?: ReactNode;
}

interface Props<K extends string> {
  tabs: TabDef<K>[];
  value: K;
  onChange: (k: K) => void;
  label: string;
  /** Shown beside the tabs (a professor's leaderboard switch). */
  extra?: ReactNode;
  /** The selected section's panel. */
  children: ReactNode;
}

/** The shop's sections as tabs (arrow keys move between them) above the selected panel. */
export function ShopTabs<K extends string>({ tabs, value, onChange, label, extra, children }: Props<K>) {
  return (
    <TabsRoot value={value} onValueChange={(v) => onChange(v as K)} className={styles.tabsRoot}>
      <div className={styles.toolbar}>
        <TabList aria-label={label} className={styles.tabs}>
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} className={styles.tab}>
              {t.label}
              {t.badge !== undefined && <span className={styles.tabBadge}>{t.badge}</span>}
            </Tab>
          ))}
        </TabList>
        {extra}
      </div>
      <TabPanel value={value} className={styles.sectionPanel}>
        {children}
      </TabPanel>
    </TabsRoot>
  );
}
