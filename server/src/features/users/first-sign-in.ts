import { and, eq } from "drizzle-orm";
import type { FirstSignInBody } from "@planify/common/schemas/users";
import { TRACK_LABELS, YEAR_LABELS } from "@planify/common/constants/school";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { AppError } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import { first } from "../../db/engine";

/**
 * The first-sign-in form: a student created at the ENT without a year or group picks them,
 * once (the row's `profilePending` is cleared in the same statement, so two tabs cannot both
 * write). Journaled with the student as author: year and group decide which tasks they see,
 * which only admins set otherwise.
 */
export function completeFirstSignIn(deps: AppDeps, user: UserRow, body: FirstSignInBody): Promise<UserRow> {
  const specialite = body.specialite ?? "";
  return deps.db.transaction(async (tx) => {
    const updated = await first(
      tx
        .update(users)
        .set({ year: body.year, groupe: body.groupe, specialite, profilePending: false, updatedAt: new Date(deps.now()).toISOString() })
        .where(and(eq(users.id, user.id), eq(users.profilePending, true)))
        .returning(),
    );
    if (!updated) throw new AppError("PROFILE_ALREADY_SET");
    const track = specialite ? `, ${TRACK_LABELS[specialite]}` : "";
    await recordAdminAction(tx, user, {
      action: "user.first-sign-in",
      target: user,
      summary: `${user.username} a choisi son profil : ${YEAR_LABELS[body.year]}, groupe ${body.groupe}${track}`,
      details: { year: body.year, groupe: body.groupe, specialite },
      at: deps.now(),
    });
    return updated;
  });
}
