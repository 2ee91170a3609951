/**
 * SVG uploads of the item creator are kept only when they are plain drawings: decision taken
 * over sanitising, because a rewritten SVG can differ from what the admin drew, and a
 * checker that refuses is easier to trust than a cleaner that edits. Refused: script, event
 * handlers, foreign content, entities and doctypes with an internal subset, processing
 * instructions, and any reference that leaves the document (href or url() not starting with #).
 * Accepted files are stored byte for byte and served as image/svg+xml under a sandbox CSP.
 */
const ALLOWED_ELEMENTS = new Set(
  [
    "svg",
    "g",
    "defs",
    "title",
    "desc",
    "metadata",
    "symbol",
    "use",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "lineargradient",
    "radialgradient",
    "stop",
    "clippath",
    "mask",
    "pattern",
    "style",
    "filter",
    "fegaussianblur",
    "feoffset",
    "feblend",
    "fecolormatrix",
    "femerge",
    "femergenode",
    "feflood",
    "fecomposite",
    "fedropshadow",
    "marker",
  ].map((n) => n.toLowerCase()),
);

const TAG = /<\s*\/?\s*([a-zA-Z][\w.:-]*)([^>]*)>/g;
const ATTR = /([^\s=/]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;
const OUTSIDE_URL = /url\s*\(\s*(?:["']\s*)?(?!#)/i;

/** Null when the SVG text is a plain drawing; otherwise why it is refused (for the logs and tests). */
export function svgProblem(text: string): string | null {
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return "entity";
  if (/<\?(?!xml\s)/i.test(text.replace(/^\uFEFF?\s*<\?xml[^>]*\?>/i, ""))) return "processing-instruction";
  if (/<!\[CDATA\[/i.test(text)) return "cdata";
  if (/javascript:|vbscript:|data:text\/html|@import|expression\s*\(/i.test(text)) return "script-like";
  if (OUTSIDE_URL.test(text)) return "outside-url";
  for (const tag of text.replace(/<!--[\s\S]*?-->/g, "").matchAll(TAG)) {
    const element = tag[1]!.toLowerCase().replace(/^svg:/, "");
    if (!ALLOWED_ELEMENTS.has(element)) return `element:${element}`;
    for (const attr of (tag[2] ?? "").matchAll(ATTR)) {
      const name = attr[1]!.toLowerCase();
      const value = (attr[2] ?? "").replace(/^["']|["']$/g, "").trim();
      if (name.startsWith("on")) return `attribute:${name}`;
      if ((name === "href" || name.endsWith(":href")) && !value.startsWith("#")) return "outside-href";
    }
  }
  return null;
}
