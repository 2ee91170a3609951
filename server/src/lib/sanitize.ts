import sanitizeHtml from "sanitize-html";

/** Size limits for images embedded as data URLs, per kind of document. */
export const IMAGE_LIMITS = { task: 800 * 1024, popup: 300 * 1024, note: 300 * 1024 } as const;
export type RichKind = keyof typeof IMAGE_LIMITS;

const DATA_URL = /^data:image\/(png|jpeg|jpg|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/i;
const FONT_NAME = /^[\w\s"',-]{1,120}$/;

/** Decoded size in bytes of a base64 data URL. */
function dataUrlBytes(src: string): number {
  const b64 = src.slice(src.indexOf(",") + 1).replace(/\s/g, "");
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
}

function options(kind: RichKind): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      "p",
      "br",
      "div",
      "span",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "strike",
      "mark",
      "sub",
      "sup",
      "h1",
      "h2",
      "h3",
      "h4",
      "ul",
      "ol",
      "li",
      "blockquote",
      "code",
      "pre",
      "hr",
      "a",
      "img",
    ],
    allowedAttributes: {
      a: ["href", "target", "rel", "title"],
      img: ["src", "alt", "title", "width", "height", "style"],
      "*": ["style"],
    },
    allowedStyles: {
      "*": {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
        "background-color": [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
        "font-size": [/^\d{1,2}(\.\d+)?px$/, /^\d(\.\d+)?(em|rem)$/],
        "font-family": [FONT_NAME],
        "font-weight": [/^(bold|normal|[1-9]00)$/],
        "font-style": [/^(italic|normal)$/],
        "text-decoration": [/^(underline|line-through|none)$/],
        "text-align": [/^(left|right|center|justify)$/],
      },
      img: {
        width: [/^\d{1,3}(px|%)$/],
        "max-width": [/^\d{1,3}(px|%)$/],
        height: [/^auto$/],
      },
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "title"],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
      }),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== "img") return false;
      const src = frame.attribs.src ?? "";
      if (!src) return true;
      if (src.startsWith("data:")) return !DATA_URL.test(src) || dataUrlBytes(src) > IMAGE_LIMITS[kind];
      return !/^https?:\/\//i.test(src);
    },
  };
}

/** Cleans stored rich HTML with an allowlist: no script, handler or javascript: URL. */
export function sanitizeRichHtml(html: string, kind: RichKind): string {
  return sanitizeHtml(html, options(kind)).trim();
}

/** Text content of sanitised HTML (to reject documents that are empty once cleaned). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .trim();
}
