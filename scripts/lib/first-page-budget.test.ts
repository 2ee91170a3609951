import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstPageBudget } from "./checks";

// npm test's first-page budget, on a web build made up for the test: what index.html names is
// weighed (theme-init.js apart), and a page over 110 KiB gzip fails.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dist(scripts: Record<string, Buffer | string>): string {
  const dir = mkdtempSync(join(tmpdir(), "planify-first-page-"));
  dirs.push(dir);
  mkdirSync(join(dir, "assets"));
  for (const [name, body] of Object.entries(scripts)) writeFileSync(join(dir, name), body);
  const tags = Object.keys(scripts)
    .map((name) => `<script type="module" src="/${name}"></script>`)
    .join("");
  writeFileSync(join(dir, "index.html"), `<!doctype html><html><head>${tags}</head><body></body></html>`);
  return dir;
}

describe("firstPageBudget", () => {
  it("passes a light page and names its weight", () => {
    const result = firstPageBudget(dist({ "assets/index-a.js": "console.log('bonjour');".repeat(200) }));
    expect(result.ok).toBe(true);
    expect(result.name).toMatch(/^première page \d+\.\d Kio \(budget 110\.0 Kio\)$/);
  });

  it("fails a page past 110 KiB gzip, whatever file made it heavy", () => {
    // Random bytes do not compress: 120 KiB of them stay over the budget after gzip -9.
    const heavy = dist({ "assets/index-a.js": "export {};", "assets/vendor-b.js": randomBytes(120 * 1024).toString("base64") });
    expect(firstPageBudget(heavy).ok).toBe(false);
  });

  it("leaves theme-init.js out, as the bench does", () => {
    const page = dist({ "assets/index-a.js": "export {};", "theme-init.js": randomBytes(200 * 1024).toString("base64") });
    expect(firstPageBudget(page).ok).toBe(true);
  });
});
