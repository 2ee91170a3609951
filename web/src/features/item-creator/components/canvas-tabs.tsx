import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, TabsRoot } from "../../../components/tabs";
import type { ItemSurface } from "../../../components/item-art/surfaces";
import styles from "./item-creator.module.css";

/** The creator's canvases, in the order of the admin screen. */
export const CANVAS_SURFACES = [
  "collection",
  "leaderboard",
  "navbar",
  "popupStyle",
  "profilePopup",
] as const satisfies readonly ItemSurface[];

export const SURFACE_LABELS: Record<ItemSurface, string> = {
  collection: "Collection",
  leaderboard: "Leaderboard",
  navbar: "Navbar",
  avatar: "Avatar",
  popupStyle: "Popup Style",
  profilePopup: "Profil Pop-up",
};

/** Tabs of the canvas surfaces; the collection also has Desktop and Mobile. The canvas is the panel. */
export function CanvasTabs({
  surface,
  mobile,
  onSurface,
  onMobile,
  children,
}: {
  surface: ItemSurface;
  mobile: boolean;
  onSurface: (s: ItemSurface) => void;
  onMobile: (m: boolean) => void;
  children: ReactNode;
}) {
  return (
    <TabsRoot value={surface} onValueChange={(v) => onSurface(v as ItemSurface)} className={styles.canvasTabs}>
      <TabList aria-label="Surfaces de l'aperçu" className={styles.tabList}>
        {CANVAS_SURFACES.map((s) => (
          <Tab key={s} value={s} className={styles.tab}>
            {SURFACE_LABELS[s]}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={surface} className={styles.canvasPanel}>
        {surface === "collection" && (
          <fieldset className={styles.segmented}>
            <legend className="visually-hidden">Taille de la collection</legend>
            {(
              [
                [false, "Desktop"],
                [true, "Mobile"],
              ] as const
            ).map(([m, label]) => (
              <button key={label} type="button" aria-pressed={mobile === m} onClick={() => onMobile(m)}>
                {label}
              </button>
            ))}
          </fieldset>
        )}
        {children}
      </TabPanel>
    </TabsRoot>
  );
}
