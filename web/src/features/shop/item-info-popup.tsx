import { useState } from "react";
import { Dialog } from "../../components/dialog";
import { OPEN_PROFILE_EVENT, requestAppEvent } from "../../lib/app-events";
import styles from "./shop.module.css";

export const CREATOR_ID_MISSING = "ID créateur manquant.";

export interface ItemInfo {
  name: string;
  description?: string | null;
  creators?: string[];
  /**
   * Account ids of the creators, index for index with `creators`: given, each name opens that
   * creator's profile. Left out for the team's own items (a plain name, nothing to open).
   */
  creatorIds?: string[];
}

/** 'Comment obtenir cet item ?': how an item is obtained and who created it. */
export function ItemInfoPopup({ info, onClose }: { info: ItemInfo; onClose: () => void }) {
  const [missing, setMissing] = useState(false);
  const creators = (info.creators ?? []).map((name, i) => ({ name, id: info.creatorIds?.[i] })).filter((c) => c.name);
  function open(id: string | undefined) {
    if (!id) return setMissing(true);
    setMissing(false);
    requestAppEvent(OPEN_PROFILE_EVENT, { userId: id });
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Comment obtenir cet item ?" width={400}>
      <p className={styles.infoName}>{info.name}</p>
      <p className={styles.infoText}>{info.description?.trim() || "Informations indisponibles."}</p>
      {creators.length > 0 && (
        <p className={styles.infoCreators}>
          Créé par{" "}
          {creators.map((c, i) => (
            <span key={`${c.name}-${i}`}>
              {i > 0 && ", "}
              {info.creatorIds ? (
                <button type="button" className={styles.creatorLink} onClick={() => open(c.id)}>
                  {c.name}
                </button>
              ) : (
                c.name
              )}
            </span>
          ))}
        </p>
      )}
      {missing && (
        <p className={styles.infoError} role="alert">
          {CREATOR_ID_MISSING}
        </p>
      )}
    </Dialog>
  );
}
