import type { Faction } from "@planify/common/constants/school";
import { formatCoins } from "@planify/common/format/coins";
import type { FactionRankedUser, FactionSummary } from "@planify/common/schemas/social";
import { factionName } from "../../lib/social/social-rules";
import { Button } from "../button";
import { CoinIcon } from "../coin-icon";
import { BoardEmpty, BoardSkeleton, RankedList, type RankedEntry } from "./ranked-list";
import styles from "./faction-board.module.css";

export interface FactionColumnProps {
  faction: Faction;
  spelling: "app" | "page";
  /** Null while the board loads. */
  summary: FactionSummary | null;
  members: FactionRankedUser[] | null;
  /** The caller's own entry in this faction (pinned when outside the list). */
  me: FactionRankedUser | null;
  myId: string | undefined;
  isMine: boolean;
  pending: boolean;
  /** Another join is under way: every join button waits. */
  busy: boolean;
  onJoin: () => void;
  /** h3 under a dialog's title, h2 on a page under its h1. */
  headingLevel?: 2 | 3;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;

export function toEntry(u: FactionRankedUser, myId: string | undefined): RankedEntry {
  return {
    rank: u.rank,
    user: u,
    value: (
      <>
        <CoinIcon size={16} />
        {formatCoins(u.displayCoins)}
      </>
    ),
    valueLabel: plural(u.displayCoins, "coin de faction", "coins de faction"),
    isMe: u.id === myId,
  };
}

/** One faction: its total, member count, join button and members (medals for the top 3). */
export function FactionColumn({
  faction,
  spelling,
  summary,
  members,
  me,
  myId,
  isMine,
  pending,
  busy,
  onJoin,
  headingLevel = 3,
}: FactionColumnProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const name = factionName(faction, spelling);
  const headingId = `faction-board-${faction}`;
  const total = summary?.totalCoins ?? null;
  return (
    <section
      className={styles.column}
      data-faction={faction}
      data-mine={isMine || undefined}
      aria-labelledby={headingId}
      data-testid={`faction-column-${faction}`}
    >
      <header className={styles.head}>
        <Heading id={headingId} className={styles.name}>
          {name}
        </Heading>
        <p className={styles.total} data-testid={`faction-total-${faction}`} data-total={total ?? undefined}>
          <CoinIcon size={22} />
          <span className={styles.totalValue} title={total === null ? undefined : `${total.toLocaleString("fr-FR")} Planify Coins`}>
            {total === null ? "—" : formatCoins(total)}
          </span>
          <span className={styles.totalLabel}>coins collectés</span>
        </p>
        <p className={styles.members}>{summary ? plural(summary.membersCount, "membre", "membres") : " "}</p>
        <Button
          className={styles.join}
          variant={isMine ? "secondary" : "primary"}
          onClick={onJoin}
          disabled={isMine || busy || !summary}
          aria-label={isMine ? `${name} : ta faction` : `Rejoindre ${name}`}
        >
          {isMine ? "Ta faction" : pending ? "Rejoindre..." : "Rejoindre"}
        </Button>
      </header>
      <div className={styles.memberList}>
        {members === null ? (
          <BoardSkeleton rows={3} label={`Chargement des membres de ${name}…`} />
        ) : members.length === 0 && !me ? (
          <BoardEmpty>Aucun membre</BoardEmpty>
        ) : (
          <RankedList
            label={`Membres de ${name}`}
            entries={members.map((u) => toEntry(u, myId))}
            pinned={me ? toEntry(me, myId) : null}
            avatarSize={36}
          />
        )}
      </div>
    </section>
  );
}
