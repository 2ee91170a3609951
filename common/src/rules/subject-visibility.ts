import { isStaff } from "./task-permissions";

/** The three allow-lists shared by subjects and static rules; an empty list allows everyone. */
export interface AllowLists {
  yearsAllowed: readonly string[];
  groupsAllowed: readonly string[];
  specialitesAllowed: readonly string[];
}

/** Who is looking: role and place in the programme. */
export interface Viewer {
  role: string;
  year?: string;
  groupe?: string;
  specialite?: string;
}

/**
 * The one subject-visibility rule: profs and admins see every subject; others
 * when each list is empty or holds their value; "Promo" in the groups means every group.
 */
export function listsAllow(lists: AllowLists, who: Viewer): boolean {
  if (isStaff(who.role)) return true;
  const ok = (list: readonly string[], value?: string) => list.length === 0 || (!!value && list.includes(value));
  const groupOk = lists.groupsAllowed.includes("Promo") || ok(lists.groupsAllowed, who.groupe);
  return ok(lists.yearsAllowed, who.year) && groupOk && ok(lists.specialitesAllowed, who.specialite);
}
