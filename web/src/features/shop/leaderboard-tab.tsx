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
        <svg className={styles.soonIcon} viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
          <path d="M18 8h28v14a14 14 0 0 1-28 0Z" fill="#ffcf33" stroke="#b7791f" strokeWidth="2.5" />
          <path d="M18 12H9v4a10 10 0 0 0 10 10M46 12h9v4a10 10 0 0 1-10 10" fill="none" stroke="#b7791f" strokeWidth="3" />
          <path d="M28 36h8v10h-8Z" fill="#e0a800" />
          <rect x="20" y="46" width="24" height="8" rx="2" fill="#7c5a10" />
          <path d="M32 13l2.4 4.9 5.4.8-3.9 3.8.9 5.4-4.8-2.5-4.8 2.5.9-5.4-3.9-3.8 5.4-.8Z" fill="#fff6c9" />
        </svg>
        <p><strong>Le classement n'est pas encore ouvert.</strong></p>
        <p>Les classements par PlanifyCoins, par tâches complétées et par faction arrivent avec la prochaine mise à jour. Continue de gagner des coins : ils compteront !</p>
      </div>
    </div>
  );
}
