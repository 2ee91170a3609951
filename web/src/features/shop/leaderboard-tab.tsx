import { useState } from "react";
import { Link } from "react-router-dom";
import { FactionBoard } from "../../components/social/faction-board";
import { Tab, TabList, TabPanel, TabsRoot } from "../../components/tabs";
import { UserBoard } from "./user-board";
import styles from "./shop.module.css";

type Filter = "coins" | "tasks" | "factions";
const FILTERS: { key: Filter; label: string }[] = [
  { key: "coins", label: "PlanifyCoins" },
  { key: "tasks", label: "Tâches complétées" },
  { key: "factions", label: "Factions" },
];

/**
 * The shop's Leaderboard tab: three filters (a tab list: arrow keys, Home and End move
 * between them) over the coins board, the tasks board and the factions view. The factions
 * view links to the /factions page (seasons, podiums), closing the shop with `onLeave`.
 */
export function LeaderboardTab({ onLeave }: { onLeave: () => void }) {
  const [filter, setFilter] = useState<Filter>("coins");
  return (
    <TabsRoot value={filter} onValueChange={(v) => setFilter(v as Filter)} className={styles.leaderboard}>
      <TabList aria-label="Filtres du classement" className={styles.filters}>
        {FILTERS.map((f) => (
          <Tab key={f.key} value={f.key} className={styles.filter}>
            {f.label}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={filter} className={styles.panel}>
        {filter === "factions" ? (
          <>
            <p className={styles.lead}>
              Saisons, podiums et membres :{" "}
              <Link to="/factions" onClick={onLeave} className={styles.pageLink}>
                voir la page Factions →
              </Link>
            </p>
            <FactionBoard />
          </>
        ) : (
          <UserBoard sort={filter} />
        )}
      </TabPanel>
    </TabsRoot>
  );
}
