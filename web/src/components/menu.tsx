import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./menu.module.css";

export interface MenuItem {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  danger?: boolean;
  /** Draws a separator line above the item. */
  separated?: boolean;
}

export interface MenuProps {
  /** What the trigger button shows (an avatar, an icon...). */
  trigger: ReactNode;
  /** Accessible name of the trigger button. */
  label: string;
  items: MenuItem[];
  /** Non-interactive content above the items (e.g. who is logged in). */
  header?: ReactNode;
  align?: "start" | "end";
  triggerClassName?: string;
}

/**
 * A dropdown menu following the WAI-ARIA menu button pattern: Enter, Space or ↓ opens it,
 * ↑/↓/Home/End move between items, Escape or Tab closes it, a click outside closes it.
 */
export function Menu({ trigger, label, items, header, align = "end", triggerClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const id = useId();

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusOnOpen === "first" ? 0 : items.length - 1]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, focusOnOpen, items.length]);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function onTriggerKey(e: KeyboardEvent) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setFocusOnOpen(e.key === "ArrowDown" ? "first" : "last");
      setOpen(true);
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = itemRefs.current.filter((el): el is HTMLButtonElement => el !== null);
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      list[(moves[e.key]! + list.length) % list.length]?.focus();
    } else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button ref={triggerRef} type="button" id={`${id}-trigger`} className={[styles.trigger, triggerClassName].filter(Boolean).join(" ")}
        aria-label={label} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => { setFocusOnOpen("first"); setOpen((o) => !o); }} onKeyDown={onTriggerKey}>
        {trigger}
      </button>
      {open && (
        <div id={`${id}-menu`} role="menu" aria-labelledby={`${id}-trigger`} className={`${styles.menu} ${styles[align]}`} onKeyDown={onMenuKey}>
          {header && <div className={styles.header} role="presentation">{header}</div>}
          {items.map((item, i) => (
            <div key={item.label} role="none">
              {item.separated && <div className={styles.separator} role="separator" />}
              <button ref={(el) => { itemRefs.current[i] = el; }} type="button" role="menuitem" tabIndex={-1}
                className={[styles.item, item.danger && styles.danger].filter(Boolean).join(" ")}
                onClick={() => { close(true); item.onSelect(); }}>
                {item.icon}
                {item.label}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
