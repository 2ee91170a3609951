// Short sounds synthesised with WebAudio: our own, no audio files to ship or license.
export type SoundName = "error" | "check" | "archive" | "unarchive" | "win" | "lose" | "success";

/** One tone: frequency glide from `from` to `to` Hz, starting `at` seconds after the call. */
interface Tone {
  at: number;
  duration: number;
  from: number;
  to?: number;
  type?: OscillatorType;
  gain?: number;
}

const SOUNDS: Record<SoundName, Tone[]> = {
  error: [
    { at: 0, duration: 0.12, from: 220, to: 200, type: "square", gain: 0.35 },
    { at: 0.14, duration: 0.2, from: 180, to: 150, type: "square", gain: 0.35 },
  ],
  check: [
    { at: 0, duration: 0.07, from: 880, type: "triangle" },
    { at: 0.07, duration: 0.12, from: 1320, type: "triangle" },
  ],
  archive: [{ at: 0, duration: 0.22, from: 660, to: 330, type: "sine" }],
  unarchive: [{ at: 0, duration: 0.22, from: 330, to: 660, type: "sine" }],
  win: [
    { at: 0, duration: 0.1, from: 523.25, type: "triangle" },
    { at: 0.1, duration: 0.1, from: 659.25, type: "triangle" },
    { at: 0.2, duration: 0.1, from: 783.99, type: "triangle" },
    { at: 0.3, duration: 0.3, from: 1046.5, type: "triangle" },
  ],
  lose: [
    { at: 0, duration: 0.18, from: 392, to: 370, type: "sawtooth", gain: 0.25 },
    { at: 0.2, duration: 0.18, from: 349.23, to: 330, type: "sawtooth", gain: 0.25 },
    { at: 0.4, duration: 0.4, from: 311.13, to: 260, type: "sawtooth", gain: 0.25 },
  ],
  success: [
    { at: 0, duration: 0.12, from: 659.25, type: "sine" },
    { at: 0.12, duration: 0.25, from: 987.77, type: "sine" },
  ],
};

type AudioContextCtor = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const w = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextCtor };
  const Ctor: AudioContextCtor | undefined = w.AudioContext ?? w.webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    // Audio refused by the browser (policy, no device): the app stays silent.
    return null;
  }
  return context;
}

/**
 * Plays one of the app's sounds at `volume` (0 to 1). Silently does nothing where WebAudio is
 * missing or refuses to start (no user gesture yet, tests, old browsers).
 */
export function playSound(name: SoundName, volume = 0.7): void {
  const level = Math.max(0, Math.min(1, volume));
  if (level === 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  try {
    // A context the browser refuses to resume stays silent; sounds are never essential.
    if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    for (const tone of SOUNDS[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + tone.at;
      const t1 = t0 + tone.duration;
      osc.type = tone.type ?? "sine";
      osc.frequency.setValueAtTime(tone.from, t0);
      if (tone.to) osc.frequency.exponentialRampToValueAtTime(tone.to, t1);
      // Short attack and exponential release: no clicks at either end.
      const peak = level * (tone.gain ?? 0.5) * 0.4;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(Math.max(peak, 0.0002), t0 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t1 + 0.02);
    }
  } catch {
    // Audio is a nicety: never let it break the action that triggered it.
  }
}
