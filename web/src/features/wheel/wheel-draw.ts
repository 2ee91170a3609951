import type { WheelSegment } from "@planify/common/constants/wheel";

const TAU = Math.PI * 2;

function segmentFill(ctx: CanvasRenderingContext2D, s: WheelSegment, r: number, a0: number, a1: number): string | CanvasGradient {
  if (!s.gradientStops?.length) return s.color;
  const mid = (a0 + a1) / 2;
  const g = ctx.createLinearGradient(Math.cos(mid) * r * 0.15, Math.sin(mid) * r * 0.15, Math.cos(mid) * r, Math.sin(mid) * r);
  s.gradientStops.forEach((stop, i) => {
    g.addColorStop(i / (s.gradientStops!.length - 1), stop);
  });
  return g;
}

/**
 * Paints the wheel turned clockwise by `rotation` radians; segment 0 starts at the top
 * (where the pointer is). `size` is in CSS pixels; the canvas is scaled for the screen.
 */
export function drawWheel(canvas: HTMLCanvasElement, segments: readonly WheelSegment[], rotation: number, size: number): void {
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  if (canvas.width !== Math.round(size * dpr)) {
    canvas.width = Math.round(size * dpr);
    canvas.height = Math.round(size * dpr);
  }
  const ctx = canvas.getContext("2d");
  if (!ctx || segments.length === 0) return;
  const r = size / 2 - 6;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  ctx.translate(size / 2, size / 2);

  // Rim.
  ctx.beginPath();
  ctx.arc(0, 0, r + 5, 0, TAU);
  ctx.fillStyle = "#1f2340";
  ctx.fill();

  const seg = TAU / segments.length;
  segments.forEach((s, i) => {
    const a0 = rotation + i * seg - Math.PI / 2;
    const a1 = a0 + seg;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, r, a0, a1);
    ctx.closePath();
    ctx.fillStyle = segmentFill(ctx, s, r, a0, a1);
    ctx.fill();
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.lineWidth = 2;
    ctx.stroke();

    ctx.save();
    const mid = a0 + seg / 2;
    // Labels on the left half are turned half a turn so that they never read upside down.
    const left = Math.cos(mid) < -0.01;
    ctx.rotate(left ? mid + Math.PI : mid);
    ctx.textAlign = left ? "left" : "right";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#ffffff";
    ctx.shadowColor = "rgba(0,0,0,0.35)";
    ctx.shadowBlur = 3;
    const isNumber = s.type === "coins";
    ctx.font = `800 ${isNumber ? Math.round(size * 0.068) : Math.round(size * 0.05)}px system-ui, -apple-system, "Segoe UI", sans-serif`;
    ctx.fillText(s.label, left ? -(r - 16) : r - 16, 0);
    ctx.restore();
  });

  // Rim studs and hub.
  for (let i = 0; i < segments.length * 2; i++) {
    const a = rotation + (i * seg) / 2 - Math.PI / 2;
    ctx.beginPath();
    ctx.arc(Math.cos(a) * (r + 0.5), Math.sin(a) * (r + 0.5), 2.6, 0, TAU);
    ctx.fillStyle = i % 2 ? "#ffd166" : "#ffffff";
    ctx.fill();
  }
  const hub = ctx.createRadialGradient(-6, -6, 2, 0, 0, 30);
  hub.addColorStop(0, "#ffffff");
  hub.addColorStop(1, "#c9cde0");
  ctx.beginPath();
  ctx.arc(0, 0, 28, 0, TAU);
  ctx.fillStyle = hub;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#1f2340";
  ctx.stroke();
}
