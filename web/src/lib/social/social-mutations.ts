import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Faction } from "@planify/common/constants/school";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { errorText } from "../api";
import { COINS_KEYS, setBalance } from "../economy/coins-api";
import { updateUser } from "../session";
import { refreshBoards, SOCIAL_KEYS } from "./social-api";
import { answerOf, apiClient } from "../api/client";

/**
 * POST /factions/join. A success stores the new balance (a switch costs coins: the top bar
 * shows it at once), the user's faction, and reloads every board and the shop's prices.
 */
export function useJoinFaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faction: Faction) => answerOf(apiClient.POST("/api/factions/join", { body: { faction } })),
    onSuccess: (res) => {
      setBalance(client, res.coins);
      updateUser({ faction: res.faction, coins: res.coins, leaderboardCoins: res.leaderboardCoins, factionCoins: res.factionCoins });
      void client.invalidateQueries({ queryKey: COINS_KEYS.balance });
      // Shop prices follow the faction's price multiplier.
      void client.invalidateQueries({ queryKey: COINS_KEYS.weekly });
      void refreshBoards(client);
    },
  });
}

/** What a failed join says: the server's message, else the refusal sentence, or the network one. */
export function joinErrorText(error: unknown): string {
  return errorText(error, SOCIAL_MESSAGES.factionJoinFailed, SOCIAL_MESSAGES.factionJoinError);
}

/** PUT /users/me/leaderboard: a professor takes part in the leaderboards or leaves them. */
export function useLeaderboardToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => answerOf(apiClient.PUT("/api/users/me/leaderboard", { body: { enabled } })),
    onSuccess: (res) => {
      updateUser({ leaderboardEnabled: res.leaderboardEnabled });
      void client.invalidateQueries({ queryKey: SOCIAL_KEYS.leaderboards });
    },
  });
}
