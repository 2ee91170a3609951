import * as RadixTabs from "@radix-ui/react-tabs";
import { useState, type ReactNode } from "react";
import styles from "./tabs.module.css";

export interface TabItem {
  id: string;
  label: ReactNode;
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

/** Tabs (Radix): roving focus, the arrow keys, Home and End select a tab. */
export function Tabs({ items, label, orientation = "horizontal", value, onChange, className }: TabsProps) {
  const [own, setOwn] = useState(items[0]?.id ?? "");
  const selected = items.some((t) => t.id === (value ?? own)) ? (value ?? own) : items[0]?.id;

  function select(next: string) {
    setOwn(next);
    onChange?.(next);
  }

  return (
    <RadixTabs.Root
      value={selected}
      onValueChange={select}
      orientation={orientation}
      className={[styles.tabs, styles[orientation], className].filter(Boolean).join(" ")}
    >
      <RadixTabs.List aria-label={label} className={styles.list}>
        {items.map((tab) => (
          <RadixTabs.Trigger key={tab.id} value={tab.id} className={styles.tab}>
            {tab.icon}
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((tab) => (
        <RadixTabs.Content key={tab.id} value={tab.id} className={styles.panel}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

/**
 * The same Radix parts for screens that lay tabs out themselves (a tab list beside filters,
 * a panel further down): TabsRoot holds the value, TabList the triggers, TabPanel a panel.
 */
export const TabsRoot = RadixTabs.Root;
export const TabList = RadixTabs.List;
export const Tab = RadixTabs.Trigger;
export const TabPanel = RadixTabs.Content;
