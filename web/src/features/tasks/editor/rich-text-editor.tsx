import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Color, FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import { useEffect } from "react";
import { EditorToolbar } from "./editor-toolbar";
import { SizedImage } from "./sized-image";
import styles from "./editor.module.css";

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  label: string;
  onError(message: string): void;
}

/** The tiptap editor of task descriptions; loaded only when an editor opens (lazy chunk). */
export default function RichTextEditor({ value, onChange, label, onError }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        link: { autolink: true, linkOnPaste: true, openOnClick: false, defaultProtocol: "https", HTMLAttributes: { target: "_blank", rel: "noopener noreferrer nofollow" } },
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
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // Only replace the content when the value changes from outside (e.g. a reset).
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML() && !(value === "" && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={styles.editor}>
      <EditorToolbar editor={editor} onError={onError} />
      <EditorContent editor={editor} />
    </div>
  );
}
