import { describe, expect, it } from "vitest";
import { backgroundPaint, resolveLook, type DrawableItem } from "./drawable-item";
import { borderPaint, resolveBorder } from "./border-paint";

const layer = {
  src: "/api/items/assets/a.png",
  style: { top: 0, left: 0, width: 100 },
  navbarStyle: { top: -20, left: 10, width: 50, rotate: 15, zIndex: 3, objectFit: "cover" as const },
  meta: { navbarPlacement: "above" as const, navbarTarget: "user-account-wrapper" as const, leaderboardPlacement: "inside" as const },
};
const item: DrawableItem = {
  assets: [layer],
  backgrounds: { navbar: "linear-gradient(90deg, #ff0000, #0000ff)", collection: "url(https://evil.example/x.png)" },
  removeNavbarBorder: true,
  borderOpacity: 0.5,
  backgroundOpacity: 40,
  variants: [
    { name: "Style", assets: [layer], backgrounds: { navbar: "#00ff00" } },
    { name: "Variante 2", assets: [layer], backgrounds: {}, textOnly: true, textContent: "GG" },
  ],
};

describe("what a created item draws on each surface", () => {
  it("uses the layer's own style on a surface, and its general style elsewhere", () => {
    const nav = resolveLook(item, 0, "navbar").layers[0]!;
    expect(nav.style).toMatchObject({
      top: "-20%",
      left: "10%",
      width: "50%",
      height: "50%",
      transform: "rotate(15deg)",
      zIndex: 3,
      objectFit: "cover",
    });
    expect(nav).toMatchObject({ placement: "above", onContainer: true });
    const col = resolveLook(item, 0, "collection").layers[0]!;
    expect(col.style).toMatchObject({ top: "0%", left: "0%", width: "100%", objectFit: "contain", zIndex: 1 });
    expect(col).toMatchObject({ placement: "above", onContainer: true });
    expect(resolveLook(item, 0, "leaderboard").layers[0]).toMatchObject({ placement: "inside", onContainer: false });
    expect(resolveLook(item, 0, "profilePopup").layers[0]).toMatchObject({ placement: "below", onContainer: false });
  });

  it("paints the variant's background, never anything but a colour or a gradient", () => {
    expect(resolveLook(item, 0, "navbar").background).toBe("#00ff00");
    expect(resolveLook({ ...item, variants: [] }, 0, "navbar").background).toBe("linear-gradient(90deg, #ff0000, #0000ff)");
    expect(resolveLook({ ...item, variants: [] }, 0, "collection").background).toBeNull();
    expect(backgroundPaint("red; background-image: url(x)")).toBeNull();
    expect(resolveLook(item, 0, "navbar").backgroundOpacity).toBe(0.4);
  });

  it("shows a text-only variant's text and none of its images", () => {
    const look = resolveLook(item, 1, "collection");
    expect(look.text).toBe("GG");
    expect(look.layers).toEqual([]);
  });

  it("hides the ring where the item asks, with the border opacity elsewhere", () => {
    const bare = { ...item, variants: [] };
    expect(resolveLook(bare, 0, "navbar").hideBorder).toBe(true);
    expect(resolveLook(bare, 0, "leaderboard").hideBorder).toBe(false);
    expect(resolveLook(bare, 0, "collection")).toMatchObject({ hideBorder: false, borderOpacity: 0.5 });
  });

  it("paints a colour made in the item creator, and keeps the default for an unknown one", () => {
    const lookup = (id: string) =>
      id === "lagon" ? { color: "#00aabb", gradient: "linear-gradient(90deg, #00aabb, #ffffff)" } : undefined;
    expect(borderPaint("lagon", lookup)).toBe("linear-gradient(90deg, #00aabb, #ffffff)");
    expect(resolveBorder("lagon|dv=1|jv=0", lookup)).toMatchObject({ colorId: "lagon", discordVariant: 1 });
    expect(resolveBorder("lagon")).toMatchObject({ colorId: "default", paint: "#000000" });
  });
});
