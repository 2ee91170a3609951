import { useRef, type KeyboardEvent, type ReactNode } from "react";
import styles from "./shop.module.css";

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
  badge?: ReactNode;
}

/** An accessible tab list (arrow keys move between tabs); panels use `tabPanelProps`. */
export function ShopTabs<K extends string>({ tabs, value, onChange, label }: { tabs: TabDef<K>[]; value: K; onChange: (k: K) => void; label: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent, i: number) {
    const delta = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (i + delta + tabs.length) % tabs.length;
    onChange(tabs[next]!.key);
    refs.current[next]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {tabs.map((t, i) => (
        <button key={t.key} ref={(el) => { refs.current[i] = el; }} type="button" role="tab" id={`shop-tab-${t.key}`}
          aria-selected={value === t.key} aria-controls={`shop-panel-${t.key}`} tabIndex={value === t.key ? 0 : -1}
          className={styles.tab} onClick={() => onChange(t.key)} onKeyDown={(e) => onKey(e, i)}>
          {t.label}
          {t.badge !== undefined && <span className={styles.tabBadge}>{t.badge}</span>}
        </button>
      ))}
    </div>
  );
}

export function tabPanelProps(key: string) {
  return { role: "tabpanel", id: `shop-panel-${key}`, "aria-labelledby": `shop-tab-${key}`, tabIndex: 0 } as const;
}
