import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The shared accessibility check of the e2e specs: axe's serious and critical findings, plus
 * the contrast of text on gradients, which axe cannot compute (it reports them as "needs
 * review" and moves on). One readable line per problem.
 */
export async function seriousViolations(page: Page, include: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const axe = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    );
  return [...axe, ...(await gradientContrast(page, include))];
}

/**
 * Text drawn on a gradient background, judged against the gradient's worst stop: each stop is
 * composited (with its alpha) over the first opaque background below the element, and the
 * text must reach 4.5:1 on every one (3:1 for large text: 24 px, or 18.66 px bold, as WCAG
 * and axe count it). Fully transparent stops are skipped (they show the layer below).
 * Hidden subtrees (aria-hidden, display:none, visually-hidden 1 px boxes) are not text a
 * reader meets.
 */
export async function gradientContrast(page: Page, include: string[] = []): Promise<string[]> {
  return page.evaluate((scopes) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return null;
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number.parseFloat);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;
    const lum = (c: Rgba) => {
      const ch = (v: number) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [x, y] = [lum(a), lum(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const hasGradient = (el: Element) => getComputedStyle(el).backgroundImage.includes("gradient(");
    const hasOwnBackground = (el: Element) => {
      const s = getComputedStyle(el);
      return s.backgroundImage !== "none" || (parse(s.backgroundColor)?.[3] ?? 0) > 0;
    };
    /** The opaque colour below `el`'s own background: ancestors' colours composited from the page's up. */
    const below = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let a = el.parentElement; a; a = a.parentElement) {
        const c = parse(getComputedStyle(a).backgroundColor);
        if (c && c[3] > 0) {
          layers.push(c);
          if (c[3] >= 1) break;
        }
      }
      return layers.reverse().reduce<Rgba>((acc, c) => over(c, acc), [255, 255, 255, 1]);
    };
    const roots = scopes.length ? scopes.flatMap((s) => [...document.querySelectorAll(s)]) : [document.body];
    const found: string[] = [];
    const seen = new Set<Element>();
    for (const root of roots) {
      for (const el of [root, ...root.querySelectorAll("*")]) {
        if (seen.has(el) || !hasGradient(el)) continue;
        seen.add(el);
        const style = getComputedStyle(el);
        if (style.backgroundClip === "text" || el.closest("[aria-hidden='true']")) continue;
        const base = over(parse(style.backgroundColor) ?? [0, 0, 0, 0], below(el));
        const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)]
          .map((m) => parse(m[0])!)
          .filter((c) => c[3] > 0.02)
          .map((c) => over(c, base));
        if (!stops.length) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const parent = node.parentElement;
          if (!text || !parent || parent.closest("[aria-hidden='true']")) continue;
          // Text on a nearer background of its own is that background's business (axe judges plain ones).
          let nearer = false;
          for (let a: Element | null = parent; a && a !== el; a = a.parentElement) if (hasOwnBackground(a)) nearer = true;
          if (nearer) continue;
          const box = parent.getBoundingClientRect();
          const ps = getComputedStyle(parent);
          if (box.width <= 1 || box.height <= 1 || ps.visibility === "hidden" || ps.display === "none") continue;
          const colour = parse(ps.color);
          if (!colour || colour[3] === 0) continue;
          const size = Number.parseFloat(ps.fontSize);
          const large = size >= 24 || (size >= 18.66 && Number(ps.fontWeight) >= 700);
          const need = large ? 3 : 4.5;
          const worst = Math.min(...stops.map((s) => ratio(over(colour, s), s)));
          if (worst < need) {
            const where = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}`;
            found.push(
              `gradient-contrast (serious) ${where} « ${text.slice(0, 40)} » — ${worst.toFixed(2)}:1 on its worst stop, ${need}:1 needed`,
            );
          }
        }
      }
    }
    return found;
  }, include);
}
