import type { AppDeps } from "../../deps";
import { journalWrite } from "../../lib/journal";
import type { UserRow } from "../../db/types";

/**
 * Authors (delegates, profs) writing tasks is ordinary use of the list; an admin's task
 * writes are administration and go to the admin journal, like every other admin write.
 */
export async function journalTask(
  deps: AppDeps,
  user: UserRow,
  action: string,
  summary: string,
  id: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (user.role === "admin") await journalWrite(deps, user, action, summary, { details: { id, ...details } });
}
