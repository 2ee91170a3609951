import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./tabs.module.css";

export interface TabItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Rendered only while the tab is selected, so heavy panels load on demand. */
  content: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** "vertical" draws a sidebar on wide screens (a row under 1024 px). */
  orientation?: "horizontal" | "vertical";
  /** Controlled selection; leave out to let the component keep it. */
  value?: string;
  onChange?: (id: string) => void;
  className?: string;
}

/** Tabs following the WAI-ARIA pattern: roving focus, arrows, Home and End select a tab. */
export function Tabs({ items, label, orientation = "horizontal", value, onChange, className }: TabsProps) {
  const [own, setOwn] = useState(items[0]?.id ?? "");
  const selected = value ?? own;
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function select(next: string) {
    setOwn(next);
    onChange?.(next);
  }

  function onKey(e: KeyboardEvent, index: number) {
    const back = orientation === "vertical" ? ["ArrowUp", "ArrowLeft"] : ["ArrowLeft"];
    const forward = orientation === "vertical" ? ["ArrowDown", "ArrowRight"] : ["ArrowRight"];
    let target: number | null = null;
    if (back.includes(e.key)) target = (index - 1 + items.length) % items.length;
    else if (forward.includes(e.key)) target = (index + 1) % items.length;
    else if (e.key === "Home") target = 0;
    else if (e.key === "End") target = items.length - 1;
    if (target === null) return;
    e.preventDefault();
    select(items[target]!.id);
    refs.current[target]?.focus();
  }

  const current = items.find((t) => t.id === selected) ?? items[0];
  return (
    <div className={[styles.tabs, styles[orientation], className].filter(Boolean).join(" ")}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} className={styles.list}>
        {items.map((tab, i) => (
          <button key={tab.id} ref={(el) => { refs.current[i] = el; }} type="button" role="tab" id={`${id}-${tab.id}`}
            aria-selected={tab.id === current?.id} aria-controls={`${id}-panel`} tabIndex={tab.id === current?.id ? 0 : -1}
            className={styles.tab} onClick={() => select(tab.id)} onKeyDown={(e) => onKey(e, i)}>
            {tab.icon}
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current.id}`} tabIndex={0} className={styles.panel}>
          {current.content}
        </div>
      )}
    </div>
  );
}
