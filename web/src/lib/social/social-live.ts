import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../live/live-bus";
import { refreshBoards } from "./social-api";

/** Live updates of the boards: leaderboards and faction totals shown reload when they move. */
export function useBoardsLiveUpdates(): void {
  const client = useQueryClient();
  useLiveEvent("leaderboard", () => void refreshBoards(client));
}
