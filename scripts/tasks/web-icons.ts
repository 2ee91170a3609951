// Draws web/public/icons/*.png (the installed app's icons named by the web manifest, and
// iOS's apple-touch-icon) from our SVGs in web/icons/, with the system Chromium, as
// desktop-icons.ts does for the desktop shell. The PNGs are committed; run this after
// changing an SVG: node scripts/run.mjs web-icons
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { root } from "../lib/paths";

const source = join(root, "web", "icons");
const out = join(root, "web", "public", "icons");
mkdirSync(out, { recursive: true });
const targets: [svg: string, size: number, name: string][] = [
  ["icon.svg", 192, "icon-192.png"],
  ["icon.svg", 512, "icon-512.png"],
  ["maskable.svg", 192, "maskable-192.png"],
  ["maskable.svg", 512, "maskable-512.png"],
  // iOS paints transparent corners black and rounds the icon itself: the full-bleed drawing.
  ["maskable.svg", 180, "apple-touch-icon.png"],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const [svg, size, name] of targets) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${readFileSync(join(source, svg), "utf8")}`,
  );
  await page.screenshot({ path: join(out, name), omitBackground: true });
  console.log(`[planify] web/public/icons/${name}`);
}
await browser.close();
