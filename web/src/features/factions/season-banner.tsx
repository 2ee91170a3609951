import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { SEASON_LOSE_REWARD, SEASON_WIN_REWARD } from "@planify/common/constants/social";
import { refreshBoards, SOCIAL_KEYS, useFactionBoard } from "../../lib/social/social-api";
import { seasonTimeLeft, seasonTitle } from "../../lib/social/social-rules";
import { useNow } from "../../lib/use-now";
import styles from "./factions-page.module.css";

/** The current season (a Paris calendar month) and the time left before it closes. */
export function SeasonBanner() {
  const client = useQueryClient();
  const season = useFactionBoard().data?.season;
  const now = useNow(60_000);
  const ended = !!season && Date.parse(season.endsAt) <= now;
  // The server closes a season at the first request after its end: ask, then show the new one.
  useEffect(() => {
    if (!ended) return;
    void refreshBoards(client);
    void client.invalidateQueries({ queryKey: SOCIAL_KEYS.seasons });
  }, [ended, client]);
  return (
    <div className={styles.banner} data-testid="season-banner">
      <p className={styles.bannerTitle}>{season ? seasonTitle(season.month) : "Saison en cours"}</p>
      <p className={styles.bannerTime}>{season ? seasonTimeLeft(season.endsAt, now) : " "}</p>
      <p className={styles.bannerRule}>
        En fin de mois, chaque membre de la faction gagnante reçoit {SEASON_WIN_REWARD} coins et chaque membre de l'autre{" "}
        {SEASON_LOSE_REWARD} ; une égalité ne rapporte rien.
      </p>
    </div>
  );
}
