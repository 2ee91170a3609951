import { useEffect, useRef, useState } from "react";
import { EMOJIS } from "./editor-constants";
import styles from "./editor.module.css";

/** A small built-in emoji grid that inserts at the cursor. */
export function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div className={styles.popover} ref={box}>
      <button
        type="button"
        className={styles.tool}
        aria-label="Emoji"
        title="Emoji"
        aria-expanded={open}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setOpen(!open)}
      >
        😊
      </button>
      {open && (
        <div className={styles.emojiGrid} role="listbox" aria-label="Emojis">
          {EMOJIS.map((e) => (
            <button
              key={e}
              type="button"
              role="option"
              aria-selected={false}
              className={styles.emoji}
              onMouseDown={(ev) => ev.preventDefault()}
              onClick={() => {
                onPick(e);
                setOpen(false);
              }}
            >
              {e}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
