import type { buildOpenApi } from "../../lib/openapi";

type Doc = ReturnType<typeof buildOpenApi>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Lists the fields of an object schema in one line (name: type, ? when optional). */
function fields(schema: unknown): string {
  const s = schema as { properties?: Record<string, { type?: unknown; anyOf?: unknown[] }>; required?: string[] } | undefined;
  if (!s?.properties) return "";
  return Object.entries(s.properties)
    .map(([name, p]) => `${name}${s.required?.includes(name) ? "" : "?"}: ${p.type ? String(p.type) : p.anyOf ? "union" : "objet"}`)
    .join(", ");
}

/**
 * A readable reference of the API, rendered on the server as plain HTML with inline CSS: no
 * script and no outside asset, so it works offline and under the strict CSP.
 */
export function referencePage(doc: Doc): string {
  const rows = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const o = op as {
        summary?: string;
        description?: string;
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      const body = o.requestBody ? Object.values(o.requestBody.content)[0]?.schema : undefined;
      const ok = Object.entries(o.responses).filter(([s]) => s.startsWith("2"));
      return `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${o.summary ? ` — ${escapeHtml(o.summary)}` : ""}</h3>
${o.description ? `<p>${escapeHtml(o.description)}</p>` : ""}
${body ? `<p><b>Corps</b> : <code>${escapeHtml(fields(body) || "fichiers (multipart)")}</code></p>` : ""}
${ok.map(([s, r]) => `<p><b>${s}</b> : <code>${escapeHtml(fields(Object.values(r.content ?? {})[0]?.schema) || "fichier ou vide")}</code></p>`).join("\n")}
<p class="e">Erreurs : ${Object.keys(o.responses)
        .filter((s) => !s.startsWith("2"))
        .join(", ")} — enveloppe { success: false, message, code }</p></section>`;
    }),
  );
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Planify API — référence</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#111;background:#fff}
code{background:#f2f2f2;padding:0 .25rem;border-radius:3px;word-break:break-word}
section{border-top:1px solid #ddd;padding:.5rem 0}h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#0b5394}.post{color:#1b6e20}.put{color:#8a4b00}.delete{color:#a0001b}
.e{color:#444;font-size:.9rem}
</style></head><body><main><h1>Planify API — référence</h1>
<p>${escapeHtml(doc.info.description)} Version ${escapeHtml(doc.info.version)}. Document complet : <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Authentification : en-tête <code>Authorization: Bearer &lt;jeton&gt;</code> obtenu par <code>POST /api/users/login</code>.</p>
${rows.join("\n")}</main></body></html>`;
}
