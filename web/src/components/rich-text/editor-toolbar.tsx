import { useEditorState, type Editor } from "@tiptap/react";
import { DEFAULT_COLOR, DEFAULT_FONT_SIZE, FONTS, type EditorLimits } from "./editor-constants";
import { EmojiPicker } from "./emoji-picker";
import { ImageTools } from "./image-tools";
import styles from "./editor.module.css";

/** Bold, italic, underline, colour, size (per the editor's limits), font, emoji and image tools. */
export function EditorToolbar({ editor, onError, limits }: { editor: Editor; onError(message: string): void; limits: EditorLimits }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      color: (e.getAttributes("textStyle").color as string | undefined) ?? DEFAULT_COLOR,
      size: Number.parseInt((e.getAttributes("textStyle").fontSize as string | undefined) ?? "", 10) || DEFAULT_FONT_SIZE,
      font: (e.getAttributes("textStyle").fontFamily as string | undefined) ?? "",
      image: e.isActive("image"),
      imageWidth: (e.getAttributes("image").width as number | null) ?? null,
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (name: string, active: boolean, run: () => void, text: string, cls: string) => (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-pressed={active}
      className={`${styles.tool} ${cls}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Mise en forme">
      {toggle("Gras", state.bold, () => chain().toggleBold().run(), "B", styles.bold!)}
      {toggle("Italique", state.italic, () => chain().toggleItalic().run(), "I", styles.italic!)}
      {toggle("Souligné", state.underline, () => chain().toggleUnderline().run(), "U", styles.underline!)}
      <label className={styles.colorTool} title="Couleur du texte">
        <span className="visually-hidden">Couleur du texte</span>
        <input
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(state.color) ? state.color : DEFAULT_COLOR}
          onChange={(e) => chain().setColor(e.target.value).run()}
        />
      </label>
      <select
        aria-label="Taille du texte"
        className={`${styles.select} ${styles.sizeSelect}`}
        value={state.size}
        onChange={(e) => chain().setFontSize(`${e.target.value}px`).run()}
      >
        {limits.fontSizes.map((s) => (
          <option key={s} value={s}>
            {s} px
          </option>
        ))}
      </select>
      <select
        aria-label="Police"
        className={styles.select}
        value={state.font}
        onChange={(e) => (e.target.value ? chain().setFontFamily(e.target.value).run() : chain().unsetFontFamily().run())}
      >
        <option value="">Police</option>
        {FONTS.map((f) => (
          <option key={f} value={f} style={{ fontFamily: f }}>
            {f}
          </option>
        ))}
      </select>
      <EmojiPicker onPick={(emoji) => chain().insertContent(emoji).run()} />
      {limits.images !== false && (
        <ImageTools editor={editor} selected={state.image} width={state.imageWidth} onError={onError} limits={limits} />
      )}
    </div>
  );
}
