import { useId, useState, type ReactNode } from "react";
import { ChevronDownIcon } from "./icons";
import styles from "./accordion.module.css";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Disclosure list (WAI-ARIA accordion): each heading holds a button with aria-expanded that
 * shows or hides its region. Several items may be open at once.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const base = useId();
  const Heading = `h${headingLevel}` as const;

  function toggle(id: string) {
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <div className={styles.list}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        return (
          <div key={item.id} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={`${base}-${item.id}`}
                className={styles.button}
                aria-expanded={expanded}
                aria-controls={`${base}-${item.id}-panel`}
                onClick={() => toggle(item.id)}
              >
                {item.title}
                <span className={styles.chevron}>
                  <ChevronDownIcon size={18} />
                </span>
              </button>
            </Heading>
            <section id={`${base}-${item.id}-panel`} aria-labelledby={`${base}-${item.id}`} className={styles.panel} hidden={!expanded}>
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
