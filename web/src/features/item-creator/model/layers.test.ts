import { describe, expect, it } from "vitest";
import { applyEverywhere, boxOf, dragBy, newLayer, nudge, patchBox, placementOf, reorder, resizeBy, setPlacement } from "./layers";

describe("layers of the item creator", () => {
  it("starts a new layer on the avatar's own box, below the avatar, on the picture, on every surface", () => {
    const l = newLayer("/api/items/assets/a.png");
    for (const s of ["collection", "leaderboard", "navbar", "popupStyle", "profilePopup"] as const) {
      expect(boxOf(l, s)).toEqual({ top: 0, left: 0, width: 100, height: undefined, rotate: 0, zIndex: 1, objectFit: "contain" });
    }
    expect(placementOf(l, "leaderboard")).toEqual({ placement: "below", target: "user-avatar" });
    expect(placementOf(l, "navbar")).toEqual({ placement: "below", target: "avatar-image-container" });
    expect(placementOf(l, "profilePopup")).toEqual({ placement: "below", target: "profile-avatar" });
  });

  it("moves a layer by a drag in percent of the avatar, on the dragged surface only", () => {
    const l = newLayer("a.png");
    const start = boxOf(l, "navbar");
    // The navbar avatar is 57 px, drawn at zoom 220/57: a 110 px drag is 50 % of it.
    const moved = dragBy(l, "navbar", false, start, 110, -55, 220);
    expect(boxOf(moved, "navbar")).toMatchObject({ left: 50, top: -25 });
    expect(boxOf(moved, "collection")).toMatchObject({ left: 0, top: 0 });
    expect(boxOf(moved, "collection", true)).toMatchObject({ left: 0, top: 0 });
  });

  it("moves with the arrow keys by 1, with Shift by 10, and resizes with Alt", () => {
    let l = newLayer("a.png");
    l = nudge(l, "collection", false, "ArrowRight", false, false)!;
    l = nudge(l, "collection", false, "ArrowDown", true, false)!;
    expect(boxOf(l, "collection")).toMatchObject({ left: 1, top: 10, width: 100 });
    l = nudge(l, "collection", false, "ArrowUp", true, true)!;
    expect(boxOf(l, "collection").width).toBe(110);
    l = nudge(l, "collection", false, "ArrowLeft", false, true)!;
    expect(boxOf(l, "collection").width).toBe(109);
    expect(nudge(l, "collection", false, "Enter", false, false)).toBeNull();
  });

  it("keeps the desktop and mobile collection placements apart", () => {
    const l = nudge(newLayer("a.png"), "collection", true, "ArrowLeft", true, false)!;
    expect(boxOf(l, "collection", true).left).toBe(-10);
    expect(boxOf(l, "collection", false).left).toBe(0);
  });

  it("resizes from the corner and never below 5 % nor past 400 %", () => {
    const l = newLayer("a.png");
    const start = boxOf(l, "avatar");
    expect(boxOf(resizeBy(l, "avatar", false, start, 44, 0, 220), "avatar").width).toBe(120);
    expect(boxOf(resizeBy(l, "avatar", false, start, -1000, 0, 220), "avatar").width).toBe(5);
    expect(boxOf(resizeBy(l, "avatar", false, start, 5000, 0, 220), "avatar").width).toBe(400);
    const tall = patchBox(l, "avatar", false, { height: 50 });
    expect(boxOf(resizeBy(tall, "avatar", false, boxOf(tall, "avatar"), 0, 22, 220), "avatar").height).toBe(60);
  });

  it("keeps the rotation within a turn and the z-index within the schema's bounds", () => {
    const l = patchBox(newLayer("a.png"), "leaderboard", false, { rotate: -30, zIndex: 500 });
    expect(boxOf(l, "leaderboard")).toMatchObject({ rotate: 330, zIndex: 100 });
  });

  it("sets placement and target per surface, refusing a target of another surface", () => {
    let l = setPlacement(newLayer("a.png"), "leaderboard", { placement: "above", target: "user-avatar-container" });
    expect(placementOf(l, "leaderboard")).toEqual({ placement: "above", target: "user-avatar-container" });
    expect(placementOf(l, "navbar").placement).toBe("below");
    l = setPlacement(l, "navbar", { target: "user-avatar-container" });
    expect(placementOf(l, "navbar").target).toBe("avatar-image-container");
  });

  it("reorders layers one step at a time, and not past the ends", () => {
    expect(reorder(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(reorder(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("applies one surface's placement to every surface", () => {
    let l = patchBox(newLayer("a.png"), "leaderboard", false, { top: 30 });
    l = patchBox(l, "navbar", false, { left: -15, width: 80 });
    const all = applyEverywhere(l, "navbar", false);
    for (const s of ["collection", "leaderboard", "navbar", "popupStyle", "profilePopup"] as const) {
      expect(boxOf(all, s)).toMatchObject({ top: 0, left: -15, width: 80 });
    }
    expect(boxOf(all, "collection", true)).toMatchObject({ left: -15 });
  });
});
