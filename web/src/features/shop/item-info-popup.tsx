import { Dialog } from "../../components/dialog";
import styles from "./shop.module.css";

export interface ItemInfo {
  name: string;
  description?: string | null;
  creators?: string[];
}

/** 'Comment obtenir cet item ?': how an item is obtained and who created it. */
export function ItemInfoPopup({ info, onClose }: { info: ItemInfo; onClose: () => void }) {
  const creators = (info.creators ?? []).filter(Boolean);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Comment obtenir cet item ?" width={400}>
      <p className={styles.infoName}>{info.name}</p>
      <p className={styles.infoText}>{info.description?.trim() || "Informations indisponibles."}</p>
      {creators.length > 0 && <p className={styles.infoCreators}>Créé par {creators.join(", ")}</p>}
    </Dialog>
  );
}
