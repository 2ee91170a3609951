import { useMemo } from "react";
import { safeHtml } from "../lib/safe-html";
import styles from "./rich-html.module.css";

/**
 * Rich text from the server (announcements, patch notes): sanitised there with an allowlist,
 * cleaned again here by safeHtml, then shown with the shared typography of rich content.
 */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => safeHtml(html), [html]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text, sanitised twice (see above).
    <div className={[styles.body, className].filter(Boolean).join(" ")} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
