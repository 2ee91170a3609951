import { describe, expect, it } from "vitest";
import { avatarCropProblem, cropOffset, cropToStore } from "./avatar-crop";

describe("avatar crop", () => {
  it("accepts centres 0–100 % and a scale 1–3, with French messages otherwise", () => {
    expect(avatarCropProblem({ xPercent: 50, yPercent: 40, scale: 2.5 })).toBeNull();
    expect(avatarCropProblem({ xPercent: 50, yPercent: 40, scale: 3.5 })).toBe(
      "Le zoom enregistré du recadrage doit être compris entre 1 et 3.",
    );
    expect(avatarCropProblem({ xPercent: -1, yPercent: 40, scale: 2 })).toBe(
      "La position du recadrage doit être comprise entre 0 et 100 %.",
    );
    expect(avatarCropProblem({ xPercent: "50", yPercent: 40, scale: 2 })).toBe("Le recadrage de l'avatar est illisible.");
    expect(avatarCropProblem(null)).toBe("Le recadrage de l'avatar est illisible.");
  });

  it("stores a 4× zoom as 3 around the same centre, and places the picture back at that centre", () => {
    expect(cropToStore(61.234, 20, 4)).toEqual({ xPercent: 61.23, yPercent: 20, scale: 3 });
    // A picture shown 320×200 at zoom 2 (640×400): centre at (40 %, 25 %) → shifted 64 px right, 100 px down.
    const back = cropOffset({ xPercent: 40, yPercent: 25, scale: 2 }, 320, 200);
    expect(back.x).toBeCloseTo(64, 6);
    expect(back.y).toBeCloseTo(100, 6);
    // A centre at the very edge is pulled back so the picture still covers the frame.
    expect(cropOffset({ xPercent: 100, yPercent: 0, scale: 1 }, 200, 200)).toEqual({ x: 0, y: 0 });
    expect(cropOffset({ xPercent: 0, yPercent: 50, scale: 1 }, 320, 200)).toEqual({ x: 60, y: 0 });
  });
});
