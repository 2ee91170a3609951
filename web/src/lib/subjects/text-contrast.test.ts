import { describe, expect, it } from "vitest";
import { BUILTIN_SUBJECTS } from "@planify/common/constants/subjects";
import { configuredSubjectStyle, subjectStyle } from "./subject-colors";
import { contrastRatio, DARK_TEXT, parseColour, readableOn, SURFACES, WHITE_TEXT, worstContrast, type Stop } from "./text-contrast";

const stop = (css: string, alpha = 1): Stop => ({ ...parseColour(css)!, alpha });
const rgb = (css: string) => parseColour(css)!.rgb;

/** Every stop of a style's background (rgb()/rgba() as the helper writes them). */
function stopsOf(background: string): Stop[] {
  return [...background.matchAll(/rgba?\([^)]*\)/g)].map((m) => parseColour(m[0])!);
}

describe("text contrast on subject colours", () => {
  it("computes WCAG ratios and parses the colour syntaxes subjects use", () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb("#ffffff"), rgb("#38BDF8"))).toBeCloseTo(2.15, 1);
    expect(parseColour("rgba(10, 20, 30, 0.5)")).toEqual({ rgb: [10, 20, 30], alpha: 0.5 });
    expect(parseColour("rgb(10 20 30 / 40%)")).toEqual({ rgb: [10, 20, 30], alpha: 0.4 });
    expect(parseColour("hsl(0 100% 50%)")).toEqual({ rgb: [255, 0, 0], alpha: 1 });
    expect(parseColour("#fc0")).toEqual({ rgb: [255, 204, 0], alpha: 1 });
    expect(parseColour("papayawhip")).toBeNull();
  });

  it("lets the worst stop decide: a light stop makes the text dark even when the other stop is deep", () => {
    // White reads on #0284C7 (4.1) but not on #38BDF8 (2.1): the light stop decides.
    const r = readableOn([stop("#0284C7"), stop("#38BDF8")]);
    expect(r.color).toBe(DARK_TEXT);
    expect(worstContrast(rgb(DARK_TEXT), r.stops)).toBeGreaterThanOrEqual(4.5);
    // A yellow stop (#FACC15) under white text was 1.5:1.
    expect(readableOn([stop("#CA8A04"), stop("#FACC15")]).color).toBe(DARK_TEXT);
    expect(readableOn([stop("#312e81"), stop("#5b21b6")]).color).toBe(WHITE_TEXT);
  });

  it("weighs opacity against both themes' surfaces", () => {
    // A 20 % navy is pale on the light surface and dark on the dark one: no text colour fits
    // both, so the stop is made opaque and shaded until one does.
    const r = readableOn([stop("#1e3a8a", 0.2)]);
    expect(r.stops[0]!.alpha).toBe(1);
    expect(worstContrast(rgb(r.color), r.stops, SURFACES)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps colours untouched when a text colour already reaches 4.5:1", () => {
    const r = readableOn([stop("#312e81"), stop("#5b21b6")]);
    expect(r.stops.map((s) => s.rgb)).toEqual([rgb("#312e81"), rgb("#5b21b6")]);
  });

  it.each([...BUILTIN_SUBJECTS, "", "Robotique", "Théâtre", "Zoologie"])(
    "gives « %s » a text colour at 4.5:1 or more on every stop",
    (name) => {
      for (const type of ["devoir", "exam"] as const) {
        const style = subjectStyle(name, [], type);
        const stops = stopsOf(String(style.background));
        expect(stops.length).toBeGreaterThan(0);
        expect(worstContrast(rgb(String(style.color)), stops)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("reads a configured subject's gradient and opacities", () => {
    const style = configuredSubjectStyle({
      color: "#FACC15",
      color2: "#38BDF8",
      useGradient: true,
      gradientAngle: 90,
      colorOpacity: 1,
      color2Opacity: 0.6,
    });
    expect(String(style.background)).toMatch(/^linear-gradient\(90deg, /);
    expect(style.color).toBe(DARK_TEXT);
    expect(worstContrast(rgb(DARK_TEXT), stopsOf(String(style.background)))).toBeGreaterThanOrEqual(4.5);
    expect(
      configuredSubjectStyle({
        color: "#111827",
        color2: "#000000",
        useGradient: false,
        gradientAngle: 0,
        colorOpacity: 1,
        color2Opacity: 1,
      }),
    ).toEqual({ background: "rgb(17, 24, 39)", color: WHITE_TEXT });
  });
});
