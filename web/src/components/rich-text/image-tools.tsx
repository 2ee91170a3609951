import type { Editor } from "@tiptap/react";
import { useRef, useState } from "react";
import { IMAGE_INPUT_MIN, IMAGE_MIN_WIDTH, IMAGE_TYPES, type EditorLimits } from "./editor-constants";
import { clampWidth } from "./sized-image";
import styles from "./editor.module.css";

const icon = {
  width: 18,
  height: 18,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;
const LinkImageIcon = () => (
  <svg {...icon}>
    <rect x="3" y="4" width="18" height="14" rx="2" />
    <path d="m3 15 5-5 4 4 3-3 6 6" />
    <path d="M9 21h6" />
  </svg>
);
const UploadImageIcon = () => (
  <svg {...icon}>
    <path d="M21 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5" />
    <path d="m7 8 5-5 5 5M12 3v12" />
  </svg>
);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Image by URL or upload (data URL within the editor's size limit) and the width of the selected image. */
export function ImageTools({
  editor,
  selected,
  width,
  onError,
  limits,
}: {
  editor: Editor;
  selected: boolean;
  width: number | null;
  onError(m: string): void;
  limits: EditorLimits;
}) {
  const [urlOpen, setUrlOpen] = useState(false);
  const [url, setUrl] = useState("");
  const file = useRef<HTMLInputElement>(null);

  const insertUrl = () => {
    const src = url.trim();
    if (!/^https?:\/\//i.test(src)) {
      onError("Adresse d'image invalide (http ou https).");
      return;
    }
    editor.chain().focus().setImage({ src }).run();
    setUrl("");
    setUrlOpen(false);
  };

  const upload = async (f: File | undefined) => {
    if (file.current) file.current.value = "";
    if (!f) return;
    if (!IMAGE_TYPES.includes(f.type)) return onError("Format d'image non autorisé (png, jpeg ou svg).");
    if (f.size > limits.imageMaxBytes) return onError(limits.imageTooBig);
    const src = await readAsDataUrl(f);
    editor.chain().focus().setImage({ src, alt: f.name }).setImageWidth(Math.min(limits.imageMaxWidth, 400)).run();
  };

  const current = width ?? 400;
  return (
    <>
      <div className={styles.popover}>
        <button
          type="button"
          className={styles.tool}
          aria-label="Image par URL"
          title="Image par URL"
          aria-expanded={urlOpen}
          onClick={() => setUrlOpen(!urlOpen)}
        >
          <LinkImageIcon />
        </button>
        {urlOpen && (
          <div className={styles.urlBox}>
            <input
              type="url"
              placeholder="https://…"
              value={url}
              aria-label="Adresse de l'image"
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), insertUrl())}
            />
            <button type="button" className={styles.smallBtn} onClick={insertUrl}>
              Insérer
            </button>
          </div>
        )}
      </div>
      <label className={styles.tool} title="Importer une image" aria-label="Importer une image">
        <UploadImageIcon />
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml"
          className="visually-hidden"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </label>
      {selected && (
        <label className={styles.widthTool}>
          <span>Largeur</span>
          <input
            type="range"
            min={IMAGE_MIN_WIDTH}
            max={Math.min(limits.imageSliderMax, limits.imageMaxWidth)}
            step={10}
            value={Math.min(current, limits.imageSliderMax)}
            onChange={(e) => editor.chain().setImageWidth(Number(e.target.value)).run()}
            aria-label="Largeur de l'image"
          />
          <input
            type="number"
            min={IMAGE_INPUT_MIN}
            max={limits.imageMaxWidth}
            value={current}
            onChange={(e) =>
              editor
                .chain()
                .setImageWidth(clampWidth(Number(e.target.value) || IMAGE_MIN_WIDTH, limits.imageMaxWidth))
                .run()
            }
            aria-label="Largeur en pixels"
          />
        </label>
      )}
    </>
  );
}
