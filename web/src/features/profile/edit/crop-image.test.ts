import { afterEach, describe, expect, it, vi } from "vitest";
import { cropToJpeg } from "./crop-image";

afterEach(() => vi.restoreAllMocks());

describe("avatar export", () => {
  it("draws the chosen square onto a white 512×512 canvas and encodes a JPEG at 0.92", async () => {
    const calls: unknown[][] = [];
    const ctx = {
      fillStyle: "",
      imageSmoothingQuality: "",
      fillRect: (...a: unknown[]) => calls.push(["fillRect", ...a]),
      drawImage: (...a: unknown[]) => calls.push(["drawImage", ...a]),
    };
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ctx,
      toBlob: (done: (b: Blob) => void, type: string, quality: number) => {
        calls.push(["toBlob", type, quality]);
        done(new Blob(["jpeg"], { type }));
      },
    };
    const real = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation(((tag: string) =>
      tag === "canvas" ? canvas : real(tag)) as typeof document.createElement);
    const image = {} as CanvasImageSource;

    const blob = await cropToJpeg(image, { x: 40, y: 10, width: 300, height: 300 });

    expect(blob.type).toBe("image/jpeg");
    expect([canvas.width, canvas.height]).toEqual([512, 512]);
    expect(ctx.fillStyle).toBe("#ffffff");
    expect(calls).toEqual([
      ["fillRect", 0, 0, 512, 512],
      ["drawImage", image, 40, 10, 300, 300, 0, 0, 512, 512],
      ["toBlob", "image/jpeg", 0.92],
    ]);
  });
});
