import type { ReactNode } from "react";
import { ChevronDownIcon } from "./icons";
import styles from "./accordion.module.css";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Disclosure list: each item is the browser's own disclosure widget (<details> and <summary>:
 * Enter or Space toggles it, screen readers say whether it is open, find-in-page opens the
 * answer it finds). No script of ours or of a library: it works on the prerendered home page
 * before the app has loaded, and adds nothing to the first page's JavaScript. Several items may
 * be open at once.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.list}>
      {items.map((item) => (
        <details key={item.id} className={styles.item}>
          <summary className={styles.button}>
            <Heading className={styles.heading}>{item.title}</Heading>
            <span className={styles.chevron} aria-hidden="true">
              <ChevronDownIcon size={18} />
            </span>
          </summary>
          <div className={styles.panel}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
