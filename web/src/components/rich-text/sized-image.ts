import Image from "@tiptap/extension-image";
import { IMAGE_MAX_WIDTH, IMAGE_MIN_WIDTH } from "./editor-constants";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    sizedImage: { setImageWidth: (width: number) => ReturnType };
  }
}

export const clampWidth = (w: number, max: number = IMAGE_MAX_WIDTH) => Math.round(Math.min(max, Math.max(IMAGE_MIN_WIDTH, w)));

/** Image node whose width (80–900 px) is kept as an inline style the server's allowlist accepts. */
export const SizedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      width: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const fromStyle = /width:\s*(\d+)px/.exec(el.getAttribute("style") ?? "")?.[1];
          const raw = Number(fromStyle ?? el.getAttribute("width"));
          return Number.isFinite(raw) && raw > 0 ? clampWidth(raw) : null;
        },
        renderHTML: (attrs: { width?: number | null }) =>
          attrs.width ? { style: `width: ${attrs.width}px; max-width: 100%; height: auto` } : {},
      },
    };
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setImageWidth:
        (width: number) =>
        ({ commands }) =>
          commands.updateAttributes("image", { width: clampWidth(width) }),
    };
  },
}).configure({ allowBase64: true, inline: false });
