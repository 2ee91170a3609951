import type { AppDeps } from "../../deps";
import { subjectRules, subjects } from "../../db/schema";
import { untilNextWrite } from "../../lib/cache";
import type { UserRow } from "../../db/types";
import { listsAllow, type AllowLists } from "@planify/common/rules/subject-visibility";
import { isStaff } from "@planify/common/rules/task-permissions";

/** Who is asking: role and place in the programme. */
export type Audience = Pick<UserRow, "role" | "year" | "groupe" | "specialite">;

/** Profs and admins see every task and every subject. */
export function seesEverything(who: Pick<UserRow, "role">): boolean {
  return isStaff(who.role);
}

/**
 * Reads every subject and static rule (two small queries, remembered until the next write) and returns a check by subject
 * name: a subject is allowed when both its own lists and its static rule (if any) allow.
 */
export async function subjectAccess(deps: AppDeps, who: Audience): Promise<(subjectName: string) => boolean> {
  if (seesEverything(who)) return () => true;
  // The lists are the same for every caller until the next write: read once, not per request.
  const byName = await untilNextWrite(deps.engine, "subject-lists", async () => {
    const lists = new Map<string, AllowLists[]>();
    const add = (name: string, allow: AllowLists) => {
      const key = name.trim().toLowerCase();
      lists.set(key, [...(lists.get(key) ?? []), allow]);
    };
    for (const s of await deps.db.select().from(subjects)) add(s.name, s);
    for (const r of await deps.db.select().from(subjectRules)) add(r.subjectName, r);
    return lists;
  });
  const cache = new Map<string, boolean>();
  return (name: string) => {
    const key = name.trim().toLowerCase();
    let allowed = cache.get(key);
    if (allowed === undefined) {
      allowed = (byName.get(key) ?? []).every((lists) => listsAllow(lists, who));
      cache.set(key, allowed);
    }
    return allowed;
  };
}
