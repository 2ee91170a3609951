import type { UserRow } from "../../db/types";
import { isStaff } from "@planify/common/rules/task-permissions";

/**
 * Who hears a live event. Any matching branch is enough. `class` is the task list's rule
 * (features/tasks/visibility.ts) without its subject filter: a student told of a task of a
 * subject they do not follow refetches a list that does not change, and learns nothing.
 */
export interface ClassScope {
  year: string;
  specialite: string;
  groups: string[];
}

export interface Audience {
  /** Everyone signed in. */
  all?: true;
  /** These accounts. */
  users?: string[];
  /** Staff (teachers and admins), who see every task and every hand-in. */
  staff?: true;
  /** These sessions only (« session révoquée »). */
  sessions?: string[];
  /** Students of a year and speciality ("" = every one) in one of its groups ("Promo" = all). */
  classes?: ClassScope[];
}

/** What a stream's owner is, taken when the stream opens. */
export interface Listener {
  userId: string;
  sessionId: string | null;
  staff: boolean;
  year: string;
  specialite: string;
  groupe: string;
}

export function listenerOf(user: Pick<UserRow, "id" | "role" | "year" | "specialite" | "groupe">, sessionId: string | null): Listener {
  return { userId: user.id, sessionId, staff: isStaff(user.role), year: user.year, specialite: user.specialite, groupe: user.groupe };
}

export function hears(audience: Audience, who: Listener): boolean {
  if (audience.all) return true;
  if (audience.users?.includes(who.userId)) return true;
  if (audience.staff && who.staff) return true;
  if (who.sessionId !== null && audience.sessions?.includes(who.sessionId)) return true;
  return (
    audience.classes?.some(
      (c) =>
        c.year === who.year &&
        (c.specialite === "" || c.specialite === who.specialite) &&
        (c.groups.includes("Promo") || c.groups.includes(who.groupe)),
    ) ?? false
  );
}

/** The audience of a task: its class (before and after an edit), its author, and staff. */
export function taskAudience(createdBy: string | null, ...classes: ClassScope[]): Audience {
  return { staff: true, users: createdBy ? [createdBy] : [], classes };
}
