// The report: one aligned text table, the way the issue's table reads.

/** A Markdown table padded to its widest cells: text columns left-aligned, figures right. */
export function formatTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const left = (i: number) => i === 0 || i === head.length - 1;
  const line = (cells: string[]) => `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (left(i) ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1)) + " ms";
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`;
export const perSec = (v: number) => `${Math.round(v).toLocaleString("en-US")}/s`;
