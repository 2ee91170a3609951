// What the homework page itself needs of proposals (the badge and its live refresh), apart
// from the panel's lists and writes, which load with the panel.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useLiveEvent } from "../../../lib/live/live-bus";

/** Every proposal query of the cache (lists and counts) shares this prefix. */
export const PROPOSALS_PREFIX = ["proposals"] as const;

/**
 * A proposal sent, changed, reviewed or withdrawn (live « proposals »), or the caller's own
 * standing changed on another tab: every proposal list and count reloads. A validation also
 * made a class task, which the « tasks » event already brings to the homework list.
 */
export function useProposalsLiveUpdates() {
  const client = useQueryClient();
  useLiveEvent("proposals", () => void client.invalidateQueries({ queryKey: PROPOSALS_PREFIX }));
}

/** The badge: what waits for a reviewer (GET /proposals/count) or a student's feed (/feed/count). */
async function fetchProposalCount(reviewer: boolean): Promise<number> {
  return (await answerOf(apiClient.GET(reviewer ? "/api/events/proposals/count" : "/api/events/proposals/feed/count"))).count;
}

/** The count on « Propositions », kept fresh by the live stream. */
export function useProposalCount(userId: string, reviewer: boolean) {
  useProposalsLiveUpdates();
  return useQuery({ queryKey: ["proposals", userId, "count", reviewer], queryFn: () => fetchProposalCount(reviewer) });
}
