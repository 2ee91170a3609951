import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText, requireSession } from "../../../lib/api";
import { EVENTS_PREFIX } from "../api/task-mutations";
import { useFeedback } from "../components/feedback";
import { fetchProposals, type ProposalList } from "./proposals-api";

import { PROPOSALS_PREFIX } from "./use-proposal-count";

export const proposalListKey = (userId: string, list: ProposalList) => ["proposals", userId, list] as const;

export function useProposalList(userId: string, list: ProposalList) {
  return useQuery({ queryKey: proposalListKey(userId, list), queryFn: () => fetchProposals(list) });
}

/**
 * One write of the panel: its success toast (when given), its French failure in the « Erreur »
 * popup (the server's message first), then every proposal list reloads, and the homework
 * list too when the write made a class task.
 */
export function useProposalWrite<V>(write: (vars: V) => Promise<unknown>, opts: { failure: string; tasksToo?: boolean }) {
  const client = useQueryClient();
  const feedback = useFeedback();
  const mutation = useMutation({
    mutationFn: (vars: V) => {
      requireSession();
      return write(vars);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: PROPOSALS_PREFIX });
      if (opts.tasksToo) void client.invalidateQueries({ queryKey: EVENTS_PREFIX });
    },
  });
  /** Runs the write; resolves to whether it landed (the failure was shown). */
  const run = async (vars: V, success?: string): Promise<boolean> => {
    try {
      await mutation.mutateAsync(vars);
      if (success) feedback.success(success);
      return true;
    } catch (e) {
      feedback.error(errorText(e, opts.failure));
      return false;
    }
  };
  return { run, busy: mutation.isPending };
}
