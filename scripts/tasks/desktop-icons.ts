// Draws desktop/build/icons/*.png (and build/icon.png, 1024 px, for macOS) from our SVG,
// with the system Chromium, so the installers' icons always match desktop/build/icon.svg.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { root } from "../lib/paths";

const build = join(root, "desktop", "build");
const svg = readFileSync(join(build, "icon.svg"), "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  const out = size === 1024 ? join(build, "icon.png") : join(build, "icons", `${size}x${size}.png`);
  await page.screenshot({ path: out, omitBackground: true });
  console.log(`[planify] ${out}`);
}
await browser.close();
