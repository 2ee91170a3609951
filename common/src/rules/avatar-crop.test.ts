import { describe, expect, it } from "vitest";
import { avatarCropProblem, cropArea, cropToStore } from "./avatar-crop";

describe("avatar crop", () => {
  it("accepts centres 0–100 % and a scale 1–3, with French messages otherwise", () => {
    expect(avatarCropProblem({ xPercent: 50, yPercent: 40, scale: 2.5 })).toBeNull();
    expect(avatarCropProblem({ xPercent: 50, yPercent: 40, scale: 3.5 })).toBe("Le zoom enregistré du recadrage doit être compris entre 1 et 3.");
    expect(avatarCropProblem({ xPercent: -1, yPercent: 40, scale: 2 })).toBe("La position du recadrage doit être comprise entre 0 et 100 %.");
    expect(avatarCropProblem({ xPercent: "50", yPercent: 40, scale: 2 })).toBe("Le recadrage de l'avatar est illisible.");
    expect(avatarCropProblem(null)).toBe("Le recadrage de l'avatar est illisible.");
  });

  it("stores a 4× zoom as 3 around the same centre, and reopens the same square", () => {
    expect(cropToStore(61.234, 20, 4)).toEqual({ xPercent: 61.23, yPercent: 20, scale: 3 });
    // A 200×100 picture at zoom 2: a 50 px square, 25 % wide and 50 % high, centred at (60 %, 50 %).
    expect(cropArea({ xPercent: 60, yPercent: 50, scale: 2 }, 200, 100)).toEqual({ x: 47.5, y: 25, width: 25, height: 50 });
    // A centre too near the edge is pulled back inside the picture.
    expect(cropArea({ xPercent: 100, yPercent: 0, scale: 1 }, 100, 100)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });
});
