import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { htmlToText, textToHtml } from "./html-text";
import { TASK_EDITOR, type EditorLimits } from "./editor-constants";
import styles from "./editor.module.css";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

interface Props {
  value: string;
  onChange(html: string): void;
  /** Rich tools (delegates only in BUT2/BUT3; profs and admins always). */
  rich: boolean;
  onError(message: string): void;
  label?: string;
  /** Sizes and image limits (the task editor's by default). */
  limits?: EditorLimits;
}

/** If the editor chunk fails (offline, crash), the plain text area takes over. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error("Éditeur indisponible", error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Rich-text input: the lazy tiptap editor, or a plain text area whose URLs become links. */
export function DescriptionField({ value, onChange, rich, onError, label = "Description", limits = TASK_EDITOR }: Props) {
  const [text, setText] = useState(() => htmlToText(value));
  const plain = (
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
  if (!rich) return plain;
  return (
    <EditorBoundary fallback={plain}>
      <Suspense fallback={<div className={styles.loading}>Chargement de l'éditeur…</div>}>
        <RichTextEditor value={value} onChange={onChange} label={label} onError={onError} limits={limits} />
        <p className={styles.note}>
          Gras, italique, souligné, couleurs, tailles, polices, emojis, liens et images (png, jpeg, svg, {limits.imageNote}) sont conservés
          ; scripts, cadres et liens javascript sont retirés à l'enregistrement.
        </p>
      </Suspense>
    </EditorBoundary>
  );
}
