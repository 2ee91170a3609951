/**
 * Second line of defence for rich text from the server (task descriptions, announcements):
 * the server already sanitises with an allowlist; here anything executable that slipped
 * through is dropped before React inserts it. The one HTML cleaner of the web app.
 */
const DROP = "script,iframe,object,embed,link,meta,style,base,form,frame,frameset,noscript,template,svg,math";
const URL_ATTRS = ["href", "src", "xlink:href", "action", "formaction", "background", "poster"];
const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/)|data:image\/(png|jpe?g|svg\+xml);base64,)/i;

export function safeHtml(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const el of doc.body.querySelectorAll(DROP)) el.remove();
  doc.body.querySelectorAll("*").forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters hide "javascript:" from naive checks.
      const value = attr.value.replace(/[\u0000-\u0020]/g, "");
      if (name.startsWith("on") || name === "srcdoc") el.removeAttribute(attr.name);
      else if (URL_ATTRS.includes(name) && !SAFE_URL.test(value)) el.removeAttribute(attr.name);
      else if (name === "style" && /expression|url\s*\(|javascript:/i.test(value)) el.removeAttribute(attr.name);
    }
    if (el.tagName === "A") {
      el.setAttribute("target", "_blank");
      el.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
  return doc.body.innerHTML;
}
