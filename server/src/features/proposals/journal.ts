import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { journalWrite } from "../../lib/journal";

/**
 * Students, delegates and teachers proposing and reviewing is ordinary use; an admin's writes
 * on proposals are administration and go to the admin journal, like every other admin write.
 */
export async function journalProposal(
  deps: AppDeps,
  user: UserRow,
  action: string,
  summary: string,
  id: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (user.role === "admin") await journalWrite(deps, user, action, summary, { details: { id, ...details } });
}
