import type { UserProfileResponse } from "@planify/common/schemas/users";
import { formatCoins } from "@planify/common/format/coins";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { errorText } from "../../lib/api";
import { OPEN_AVATAR_EVENT, requestAppEvent } from "../../lib/app-events";
import { roleLabel, trackLabel, yearLabel } from "../../lib/user-labels";
import { useSession } from "../../lib/use-session";
import { musicUrl, useUserProfile } from "./api/profile-api";
import { MusicPlayer } from "./music-player";
import styles from "./profile-popup.module.css";

function ProfileBody({ user, mine, onEdit }: { user: UserProfileResponse; mine: boolean; onEdit: () => void }) {
  const rows: [string, string][] = [
    ["Année", yearLabel(user.year)],
    ["Groupe", user.groupe || "—"],
  ];
  const track = trackLabel(user.specialite || user.track);
  if (track) rows.push(["Spécialité", track]);
  // Two different numbers: what one can spend, and what the month's leaderboard ranks.
  rows.push(["Solde", `${formatCoins(user.coins)} coins`], ["Pièces du mois", formatCoins(user.leaderboardCoins)]);
  const music = musicUrl(user);

  return (
    <>
      <div className={styles.identity} lang="fr">
        {/* The slot is as large as the item art can reach (30 % past each side), so wings or a halo never cover the name. */}
        <span className={styles.avatarSlot} data-testid="profile-avatar-slot">
          <UserAvatar user={user} size={96} surface="profilePopup" />
        </span>
        <div className={styles.who}>
          <p className={styles.username} data-testid="profile-username">
            {withBreaks(user.username)}
          </p>
          <span className={styles.role}>{roleLabel(user.role)}</span>
        </div>
      </div>
      <dl className={styles.facts} lang="fr">
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {music && (
        <MusicPlayer
          key={music}
          src={music}
          title={user.musicTitle || "Musique de profil"}
          startSeconds={user.musicStartSeconds}
          durationSeconds={user.musicDurationSeconds}
        />
      )}
      <section className={styles.note} aria-label="Note publique">
        <h3>Note publique</h3>
        <p className={user.publicNote ? undefined : styles.empty} data-testid="profile-note">
          {user.publicNote || "Aucune note"}
        </p>
      </section>
      {mine && (
        <Button variant="secondary" block className={styles.edit} onClick={onEdit}>
          Modifier mon profil
        </Button>
      )}
    </>
  );
}

/** A username may wrap after its dots, dashes and underscores (lea.martin → lea. / martin), never inside a part. */
function withBreaks(username: string) {
  return username.split(/(?<=[._-])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}

/** Any user's public profile; read again every 5 s and on focus while it is open. */
export function ProfilePopup({ userId, onClose }: { userId: string; onClose: () => void }) {
  const me = useSession()?.user;
  const profile = useUserProfile(userId);
  const mine = me?.id === userId;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Profil" width={440} className={styles.sheet}>
      {profile.data ? (
        <ProfileBody
          user={profile.data}
          mine={mine}
          onEdit={() => {
            onClose();
            requestAppEvent(OPEN_AVATAR_EVENT);
          }}
        />
      ) : profile.isError ? (
        <div className={styles.state} role="alert">
          <p>{errorText(profile.error, "Impossible de charger ce profil.")}</p>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <div className={styles.state} role="status" aria-live="polite">
          <span className={styles.skeletonAvatar} aria-hidden="true" />
          <span>Chargement du profil…</span>
        </div>
      )}
    </Dialog>
  );
}
