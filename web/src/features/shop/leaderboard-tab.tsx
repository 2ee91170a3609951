import styles from "./shop.module.css";

const FILTERS = ["PlanifyCoins", "Tâches complétées", "Factions"];

/** The Leaderboard tab's frame: the rankings themselves arrive with the factions update. */
export function LeaderboardTab() {
  return (
    <div className={styles.leaderboard}>
      <div className={styles.filters} aria-hidden="true">
        {FILTERS.map((f) => <span key={f} className={styles.filter}>{f}</span>)}
      </div>
      <div className={styles.soon}>
        <span className={styles.soonIcon} aria-hidden="true">🏆</span>
        <p><strong>Le classement n'est pas encore ouvert.</strong></p>
        <p>Les classements par PlanifyCoins, par tâches complétées et par faction arrivent avec la prochaine mise à jour. Continue de gagner des coins : ils compteront !</p>
      </div>
    </div>
  );
}
