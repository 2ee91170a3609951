import { useEffect, type CSSProperties, type ReactNode } from "react";
import styles from "./page.module.css";

/** Sets the tab title to "<title> · Planify" while the page is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Planify`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export interface PageProps {
  /** The page's h1 (also the tab title unless `documentTitle` is given). */
  title: string;
  documentTitle?: string;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  /** Max content width in px (default 1120). */
  width?: number;
  children?: ReactNode;
  className?: string;
}

/** The frame of an ordinary page: centred column, eyebrow, h1 and intro. */
export function Page({ title, documentTitle, eyebrow, intro, width, children, className }: PageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div
      className={[styles.page, className].filter(Boolean).join(" ")}
      style={width ? ({ "--page-width": `${width}px` } as CSSProperties) : undefined}
    >
      <header className={styles.header}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </header>
      {children}
    </div>
  );
}
