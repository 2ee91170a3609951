import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Fragment, useRef, type ReactNode } from "react";
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
 * A dropdown menu button (Radix): Enter, Space or the arrows open it, arrows, Home, End and
 * typing move between items, Escape closes it and focus returns to the button.
 */
export function Menu({ trigger, label, items, header, align = "end", triggerClassName }: MenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The chosen action runs once the menu has closed and focus is back on the button, so a
  // dialog it opens remembers the button as its opener and gives focus back to it.
  const pending = useRef<(() => void) | null>(null);

  // Not modal: a modal menu hides the page (aria-hidden) while its links stay focusable, which
  // axe reports; focus leaving the menu (Tab, a click outside) simply closes it.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={[styles.trigger, triggerClassName].filter(Boolean).join(" ")} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menu}
          align={align}
          sideOffset={10}
          aria-label={label}
          onCloseAutoFocus={(e) => {
            const run = pending.current;
            pending.current = null;
            if (!run) return;
            e.preventDefault();
            triggerRef.current?.focus();
            run();
          }}
        >
          {header && <div className={styles.header}>{header}</div>}
          {items.map((item) => (
            <Fragment key={item.label}>
              {item.separated && <DropdownMenu.Separator className={styles.separator} />}
              <DropdownMenu.Item
                className={[styles.item, item.danger && styles.danger].filter(Boolean).join(" ")}
                onSelect={() => {
                  pending.current = item.onSelect;
                }}
              >
                {item.icon}
                {item.label}
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
