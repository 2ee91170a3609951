import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Color, FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import { useEffect, useRef } from "react";
import { EditorToolbar } from "./editor-toolbar";
import type { EditorLimits } from "./editor-constants";
import { SizedImage } from "./sized-image";
import styles from "./editor.module.css";

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  label: string;
  onError(message: string): void;
  limits: EditorLimits;
}

/** The tiptap editor (task descriptions, pop-ups, patch notes); loaded only when an editor opens (lazy chunk). */
export default function RichTextEditor({ value, onChange, label, onError, limits }: RichTextEditorProps) {
  // The last HTML this editor emitted: a different `value` can only come from outside.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        link: {
          autolink: true,
          linkOnPaste: true,
          openOnClick: false,
          defaultProtocol: "https",
          HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow" },
        },
      }),
      TextStyle,
      Color,
      FontFamily,
      FontSize,
      SizedImage,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { class: styles.content ?? "", "aria-label": label, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? "" : e.getHTML();
      onChange(emitted.current);
    },
  });

  // Only replace the content when the value changes from outside (e.g. a reset).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={styles.editor}>
      <EditorToolbar editor={editor} onError={onError} limits={limits} />
      <EditorContent editor={editor} />
    </div>
  );
}
