import { formatCoins } from "@planify/common/format/coins";
import type { LeaderboardSort, LeaderboardUser } from "@planify/common/schemas/social";
import { CoinIcon } from "../../components/coin-icon";
import { BoardEmpty, BoardError, BoardSkeleton, RankedList, type RankedEntry } from "../../components/social/ranked-list";
import { useLeaderboard } from "../../lib/social/social-api";
import { useSession } from "../../lib/use-session";
import styles from "./shop.module.css";

const LABELS: Record<LeaderboardSort, string> = { coins: "Classement PlanifyCoins", tasks: "Classement des tâches complétées" };

function toEntry(u: LeaderboardUser, sort: LeaderboardSort, myId: string | undefined): RankedEntry {
  const n = sort === "coins" ? u.leaderboardCoins : u.completedTasks;
  const full = n.toLocaleString("fr-FR");
  return {
    rank: u.rank,
    user: u,
    value:
      sort === "coins" ? (
        <>
          <CoinIcon size={16} />
          {formatCoins(n)}
        </>
      ) : (
        full
      ),
    valueLabel: sort === "coins" ? `${full} pièces du mois` : `${full} ${n > 1 ? "tâches complétées" : "tâche complétée"}`,
    isMe: u.id === myId,
  };
}

/** The coins or tasks board: top 100, the caller's row pinned below when ranked further down. */
export function UserBoard({ sort }: { sort: LeaderboardSort }) {
  const myId = useSession()?.user.id;
  const q = useLeaderboard(sort);
  if (q.isPending) return <BoardSkeleton rows={8} />;
  if (q.isError)
    return <BoardError message="Impossible de charger le classement." onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const { users, me, leaderboardEnabled } = q.data;
  return (
    <>
      {sort === "coins" && (
        <p className={styles.lead} data-testid="month-coins-hint">
          <strong>Pièces du mois</strong> : les Planify Coins gagnés depuis le 1<sup>er</sup> du mois, remis à zéro à chaque saison. Acheter
          en boutique ne les fait pas baisser : ce n'est pas ton <strong>solde</strong>.
        </p>
      )}
      {!leaderboardEnabled && <p className={styles.lead}>Tu n'apparais pas dans ce classement.</p>}
      {users.length === 0 ? (
        <BoardEmpty>Personne n'est encore classé. Gagne des coins pour ouvrir le bal !</BoardEmpty>
      ) : (
        <RankedList label={LABELS[sort]} entries={users.map((u) => toEntry(u, sort, myId))} pinned={me ? toEntry(me, sort, myId) : null} />
      )}
    </>
  );
}
