import { parseColorSelection } from "@planify/common/constants/border-colors";
import type { DbOrTx } from "../../db/types";
import { colorExists } from "../items";

/**
 * The colour id of a selection such as "blue:1:0" when that colour exists (fixed or created),
 * else null: parseColorSelection with its existence check awaited (a created colour is a row).
 */
export async function knownColorId(db: DbOrTx, ref: string): Promise<string | null> {
  const selection = parseColorSelection(ref, () => true);
  return selection && (await colorExists(db, selection.colorId)) ? selection.colorId : null;
}
