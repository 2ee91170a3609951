import { parisParts } from "@planify/common/time/paris-time";
import { downloadHeaders } from "./files";

/** One CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "16/11/2026 10:00": a UTC instant as a Paris date and time, as French spreadsheets read it. */
export function parisStamp(ms: number): string {
  const p = parisParts(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A CSV download for French spreadsheets: UTF-8 with a BOM (Excel reads the accents), ';'
 * between cells, CRLF between lines, every cell through csvCell.
 */
export function csvDownload(name: string, header: string[], rows: (string | number)[][]): Response {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(";"));
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, { headers: downloadHeaders(name, "text/csv; charset=utf-8") });
}
