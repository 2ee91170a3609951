import { lazy, Suspense, useState } from "react";
import { htmlToText, textToHtml } from "./html-text";
import styles from "./editor.module.css";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

interface Props {
  value: string;
  onChange(html: string): void;
  /** Rich tools (delegates only in BUT2/BUT3; profs and admins always). */
  rich: boolean;
  onError(message: string): void;
  label?: string;
}

/** Description input: the lazy tiptap editor, or a plain text area whose URLs become links. */
export function DescriptionField({ value, onChange, rich, onError, label = "Description" }: Props) {
  const [text, setText] = useState(() => htmlToText(value));
  if (!rich) {
    return (
      <>
        <textarea
          className={styles.plain}
          aria-label={label}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(textToHtml(e.target.value));
          }}
        />
        <p className={styles.note}>Texte simple : les liens (https://…) deviennent cliquables.</p>
      </>
    );
  }
  return (
    <Suspense fallback={<div className={styles.loading}>Chargement de l'éditeur…</div>}>
      <RichTextEditor value={value} onChange={onChange} label={label} onError={onError} />
      <p className={styles.note}>Gras, italique, souligné, couleurs, tailles, polices, emojis, liens et images (png, jpeg, svg, 800 ko max) sont conservés ; scripts, cadres et liens javascript sont retirés à l'enregistrement.</p>
    </Suspense>
  );
}
