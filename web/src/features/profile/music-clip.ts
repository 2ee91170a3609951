/** The part of a profile track the player plays: from start, for duration seconds (0: to the end). */
export interface ClipWindow {
  start: number;
  /** Exclusive end in seconds; Infinity when the whole rest of the track plays. */
  end: number;
}

export function clipWindow(startSeconds: number, durationSeconds: number): ClipWindow {
  const start = Math.max(0, Number.isFinite(startSeconds) ? startSeconds : 0);
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY;
  return { start, end: start + duration };
}

/** Where playback should (re)start: inside the clip it resumes, outside it goes back to the start. */
export function resumeAt(clip: ClipWindow, currentTime: number): number {
  return currentTime >= clip.start && currentTime < clip.end - 0.05 ? currentTime : clip.start;
}

/** True once playback has reached the clip's end. */
export function pastClip(clip: ClipWindow, currentTime: number): boolean {
  return currentTime >= clip.end;
}
