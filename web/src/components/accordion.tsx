import * as RadixAccordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";
import { ChevronDownIcon } from "./icons";
import styles from "./accordion.module.css";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Disclosure list (WAI-ARIA accordion, Radix Accordion): each heading holds a button with
 * aria-expanded that shows or hides its region; arrow keys, Home and End move between the
 * headings. Several items may be open at once.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="multiple" className={styles.list}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className={styles.item}>
          <RadixAccordion.Header asChild>
            <Heading className={styles.heading}>
              <RadixAccordion.Trigger className={styles.button}>
                {item.title}
                <span className={styles.chevron}>
                  <ChevronDownIcon size={18} />
                </span>
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className={styles.panel}>{item.content}</RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
