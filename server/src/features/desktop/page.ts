import type { DesktopVersionFeed } from "@planify/common/schemas/desktop";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function systemOf(file: string): string {
  if (/\.exe$/i.test(file)) return "Windows";
  if (/\.dmg$/i.test(file)) return "macOS";
  if (/\.AppImage$/.test(file)) return "Linux (AppImage)";
  return "Linux (Debian, Ubuntu)";
}

/** The French download page of /desktop/ (plain HTML: it must work without the web app). */
export function desktopPage(feed: DesktopVersionFeed | null, files: string[]): string {
  const list = files.length
    ? `<ul>${files.map((f) => `<li><a href="./${encodeURIComponent(f)}" download>${escapeHtml(systemOf(f))} — ${escapeHtml(f)}</a></li>`).join("")}</ul>`
    : "<p>Aucun installateur n'est encore publié sur ce serveur. Demandez-le à l'administrateur de votre établissement.</p>";
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Télécharger Planify Desktop</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:40px auto;padding:0 20px;line-height:1.5;color:#172033;background:#f4f6fb}
@media (prefers-color-scheme:dark){body{color:#e7ebf3;background:#0f172a}a{color:#a5b4fc}}
li{margin:8px 0}</style></head>
<body><h1>Planify Desktop</h1>
<p>L'application Planify installée sur votre ordinateur${feed ? `, version ${escapeHtml(feed.version)}` : ""}.</p>
${list}
<p>Au premier lancement, indiquez l'adresse de ce serveur.</p></body></html>`;
}
