// STUB: placeholder created by the lead; the auth-web helper replaces it with short
// WebAudio-synthesised sounds (our own; no audio files needed).
export type SoundName = "error" | "check" | "archive" | "unarchive" | "win" | "lose" | "success";
export function playSound(_name: SoundName, _volume = 0.7): void {}
