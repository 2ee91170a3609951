import { eq } from "drizzle-orm";
import { encodeColorSelection } from "@planify/common/constants/border-colors";
import type { Db } from "../db/client";
import { userEconomy, type users } from "../db/schema";
import { first } from "../db/engine";

type UserRow = typeof users.$inferSelect;

/** The style variants of a user (user_economy; a missing row means 0 and 0). */
export interface VariantColumns {
  discordVariant: number | null;
  jojoVariant: number | null;
}

/** Columns to select next to a user row so that `toAvatarFields` can build the composite colour id. */
export const variantColumns = {
  discordVariant: userEconomy.discordVariant,
  jojoVariant: userEconomy.jojoVariant,
};

/**
 * What any avatar needs to be drawn with its equipped item and border (common
 * `avatarFields`): the same fields for every leaderboard row and podium entry.
 */
export function toAvatarFields(u: UserRow, v: VariantColumns) {
  return {
    id: u.id,
    _id: u.id,
    username: u.username,
    role: u.role,
    year: u.year,
    faction: u.faction,
    avatar: u.avatar,
    avatarVersion: u.avatarVersion,
    equippedItemId: u.equippedItemId,
    selectedBorderColor: encodeColorSelection({
      colorId: u.selectedBorderColor,
      discordVariant: v.discordVariant ?? 0,
      jojoVariant: v.jojoVariant ?? 0,
    }),
    dynamicItemVariants: u.dynamicItemVariants ?? {},
  };
}

/** Reads one user's style variants. */
export async function variantsOf(db: Db, userId: string): Promise<VariantColumns> {
  return (
    (await first(db.select(variantColumns).from(userEconomy).where(eq(userEconomy.userId, userId)))) ?? {
      discordVariant: 0,
      jojoVariant: 0,
    }
  );
}
