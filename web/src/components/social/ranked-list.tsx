import { useId, type ReactNode } from "react";
import { OPEN_PROFILE_EVENT, requestAppEvent } from "../../lib/app-events";
import { reportQuest } from "../../lib/quest-report";
import { medalFor, rankedRoleTag } from "../../lib/social/social-rules";
import { Medal } from "./medal";
import { Button } from "../button";
import { UserAvatar, type AvatarUser } from "../item-art/user-avatar";
import styles from "./ranked-list.module.css";
import { deWord } from "@planify/common/format/french";

/** One row of a board: a ranked user and the value the board sorts on. */
export interface RankedEntry {
  rank: number;
  /** Avatar fields (the same renderer as the top bar: item, border colour, variants). */
  user: AvatarUser & { id: string; role?: string };
  /** The value as shown ("1 250", "12K", "8"). */
  value: ReactNode;
  /** The value read aloud ("1 250 coins", "8 tâches"). */
  valueLabel: string;
  isMe?: boolean;
}

/** Asks the profile popup (mounted elsewhere) to show this user. */
export function openProfile(userId: string): void {
  requestAppEvent(OPEN_PROFILE_EVENT, { userId });
}

/** The rank cell: a medal for the top 3, "#n" below. */
export function RankBadge({ rank }: { rank: number }) {
  if (medalFor(rank))
    return (
      <span className={styles.medal}>
        <Medal rank={rank} />
      </span>
    );
  return (
    <span className={styles.rank}>
      <span className="visually-hidden">Rang </span>#{rank}
    </span>
  );
}

/** A ranked user as a button: a click or Enter opens their profile popup. */
export function RankedRow({ entry, avatarSize = 40 }: { entry: RankedEntry; avatarSize?: number }) {
  const tag = entry.user.role ? rankedRoleTag(entry.user.role) : null;
  return (
    <li className={styles.item} data-me={entry.isMe || undefined} data-testid={`rank-row-${entry.user.id}`}>
      <button
        type="button"
        className={styles.row}
        onClick={() => {
          openProfile(entry.user.id);
          reportQuest("leaderboard-profile", { username: entry.user.username });
        }}
        title={`Voir le profil ${deWord(entry.user.username)}`}
      >
        <RankBadge rank={entry.rank} />
        <UserAvatar user={entry.user} size={avatarSize} surface="leaderboard" className={styles.avatar} />
        <span className={styles.who}>
          <span className={styles.name}>{entry.user.username}</span>
          {entry.isMe && <span className={styles.me}>toi</span>}
          {tag && <span className={styles.tag}>{tag}</span>}
        </span>
        <span className={styles.value}>
          <span aria-hidden="true" className={styles.valueShown}>
            {entry.value}
          </span>
          <span className="visually-hidden">{entry.valueLabel}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * A board: the ranked rows as an ordered list, then the caller's own row pinned below when
 * they are ranked outside the list (spec: the caller's rank is always shown).
 */
export function RankedList({
  label,
  entries,
  pinned,
  avatarSize,
  compact,
}: {
  label: string;
  entries: RankedEntry[];
  pinned?: RankedEntry | null;
  avatarSize?: number;
  /** Shorter rows for small boards (podiums). */
  compact?: boolean;
}) {
  const pinnedId = useId();
  const showPinned = !!pinned && !entries.some((e) => e.user.id === pinned.user.id);
  return (
    <div className={compact ? `${styles.board} ${styles.compact}` : styles.board}>
      <ol className={styles.list} aria-label={label}>
        {entries.map((e) => (
          <RankedRow key={e.user.id} entry={e} avatarSize={avatarSize} />
        ))}
      </ol>
      {showPinned && (
        <div className={styles.pinned}>
          <p className={styles.pinnedTitle} id={pinnedId}>
            Ta position
          </p>
          <ol className={styles.list} aria-labelledby={pinnedId}>
            <RankedRow entry={{ ...pinned, isMe: true }} avatarSize={avatarSize} />
          </ol>
        </div>
      )}
    </div>
  );
}

/** Placeholder rows of the final height while a board loads: nothing jumps when it arrives. */
export function BoardSkeleton({ rows = 6, label = "Chargement du classement…" }: { rows?: number; label?: string }) {
  return (
    <div className={styles.board} role="status">
      <span className="visually-hidden">{label}</span>
      <ul className={styles.list} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className={`${styles.item} ${styles.skeleton}`}>
            <span />
            <span />
            <span />
            <span />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A board that failed to load: what happened and a way to try again. */
export function BoardError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className={styles.state} role="alert">
      <p>{message}</p>
      <Button size="small" variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? "Chargement…" : "Réessayer"}
      </Button>
    </div>
  );
}

/** A board with nobody on it yet. */
export function BoardEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.state}>{children}</p>;
}
