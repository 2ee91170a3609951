import { FACTIONS } from "@planify/common/constants/school";
import { formatCoins } from "@planify/common/format/coins";
import type { ClosedSeason, PodiumEntry } from "@planify/common/schemas/social";
import { CoinIcon } from "../../components/coin-icon";
import { BoardEmpty, BoardError, BoardSkeleton, RankedList, type RankedEntry } from "../../components/social/ranked-list";
import { useSeasons } from "../../lib/social/social-api";
import { factionName, monthTitle } from "../../lib/social/social-rules";
import styles from "./factions-page.module.css";

type Board = keyof ClosedSeason["podiums"];
const BOARDS: { key: Board; title: string; unit: "coins" | "tasks" }[] = [
  { key: "coins", title: "PlanifyCoins", unit: "coins" },
  { key: "tasks", title: "Tâches complétées", unit: "tasks" },
  { key: "Bagnat", title: factionName("Bagnat", "page"), unit: "coins" },
  { key: "Fermier", title: factionName("Fermier", "page"), unit: "coins" },
];

function toEntry(p: PodiumEntry, unit: "coins" | "tasks"): RankedEntry {
  const full = p.value.toLocaleString("fr-FR");
  return {
    rank: p.rank,
    user: { id: p.userId, username: p.username, avatar: p.avatar, avatarVersion: p.avatarVersion },
    value:
      unit === "coins" ? (
        <>
          <CoinIcon size={14} />
          {formatCoins(p.value)}
        </>
      ) : (
        full
      ),
    valueLabel: unit === "coins" ? `${full} coins` : `${full} tâches`,
  };
}

/** One closed season: the month, both totals, the winner (or a tie) and the four podiums. */
function SeasonCard({ season }: { season: ClosedSeason }) {
  const id = `season-${season.month}`;
  return (
    <article className={styles.season} aria-labelledby={id} data-testid={id}>
      <header className={styles.seasonHead}>
        <h2 id={id} className={styles.seasonTitle}>
          {monthTitle(season.month)}
        </h2>
        <p className={styles.winner} data-winner={season.winner ?? "tie"}>
          {season.winner ? `Victoire de ${factionName(season.winner, "page")}` : "Égalité"}
        </p>
      </header>
      <dl className={styles.totals}>
        {FACTIONS.map((f) => (
          <div key={f} data-faction={f}>
            <dt>{factionName(f, "page")}</dt>
            <dd title={`${season.totals[f].toLocaleString("fr-FR")} Planify Coins`}>
              <CoinIcon size={16} /> {formatCoins(season.totals[f])}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.podiums}>
        {BOARDS.map((b) => (
          <section key={b.key} className={styles.podium} aria-label={`Podium ${b.title}, ${monthTitle(season.month)}`}>
            <h3>{b.title}</h3>
            {season.podiums[b.key].length === 0 ? (
              <p className={styles.podiumEmpty}>Personne</p>
            ) : (
              <RankedList
                label={`Classement du podium ${b.title}`}
                entries={season.podiums[b.key].map((p) => toEntry(p, b.unit))}
                avatarSize={30}
                compact
              />
            )}
          </section>
        ))}
      </div>
    </article>
  );
}

/** 'Saisons passées': every closed season, newest first. */
export function SeasonHistory() {
  const q = useSeasons();
  if (q.isPending) return <BoardSkeleton rows={4} label="Chargement des saisons passées…" />;
  if (q.isError)
    return <BoardError message="Impossible de charger les saisons passées." onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.seasons.length === 0)
    return <BoardEmpty>Aucune saison terminée pour le moment : la première se clôt à la fin du mois.</BoardEmpty>;
  return (
    <div className={styles.seasons}>
      {q.data.seasons.map((s) => (
        <SeasonCard key={s.month} season={s} />
      ))}
    </div>
  );
}
