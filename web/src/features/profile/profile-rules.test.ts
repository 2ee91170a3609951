import { afterEach, describe, expect, it } from "vitest";
import { MUSIC_VOLUME_DEFAULT, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { planAvatar } from "./edit/avatar-rules";
import { boundClip, clipError, clipFields, defaultMusicTitle, musicFileError, wholeTrack } from "./edit/music-rules";
import { clipWindow, pastClip, resumeAt } from "./music-clip";
import { MUSIC_VOLUME_KEY, readVolume, storeVolume } from "./music-volume";

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe("avatar file checks in the browser", () => {
  it("refuses what is not an image, and images over 30 MB", () => {
    expect(planAvatar(file("notes.pdf", "application/pdf", 1000))).toEqual({ kind: "refuse", message: "Veuillez sélectionner une image" });
    expect(planAvatar(file("big.png", "image/png", 30 * MB + 1))).toEqual({
      kind: "refuse",
      message: "Le fichier est trop volumineux. Taille maximale : 30MB",
    });
  });
  it("sends a GIF as it is and crops any other picture", () => {
    expect(planAvatar(file("chat.gif", "image/gif", 30 * MB))).toEqual({ kind: "upload-as-is" });
    expect(planAvatar(file("moi.jpg", "image/jpeg", 2 * MB))).toEqual({ kind: "crop" });
  });
});

describe("music file checks in the browser", () => {
  it("takes only an MP3 of 10 MB at most", () => {
    expect(musicFileError(file("son.wav", "audio/wav", 1000))).toBe("Veuillez sélectionner un fichier MP3.");
    expect(musicFileError(file("son.mp3", "audio/mpeg", 10 * MB + 1))).toBe("Le fichier dépasse 10 Mo.");
    expect(musicFileError(file("son.mp3", "audio/mpeg", 10 * MB))).toBeNull();
    // Some systems give no type: the name decides.
    expect(musicFileError(file("Son.MP3", "", 1000))).toBeNull();
  });
  it("titles the music after its file", () => {
    expect(defaultMusicTitle("Mon générique.mp3")).toBe("Mon générique");
    expect(defaultMusicTitle("x".repeat(300))).toHaveLength(120);
  });
});

describe("music clip", () => {
  it("is bounded by the track in whole seconds", () => {
    expect(wholeTrack(93.7)).toEqual({ start: 0, end: 93 });
    expect(boundClip({ start: -3, end: 140.6 }, 93.7)).toEqual({ start: 0, end: 93 });
    expect(boundClip({ start: 10.4, end: 20.6 }, 93.7)).toEqual({ start: 10, end: 21 });
  });
  it("needs its start before its end, one second at least", () => {
    expect(clipError({ start: 20, end: 20 })).toBe(SOCIAL_MESSAGES.musicBadClip);
    expect(clipError({ start: 30, end: 20 })).toBe(SOCIAL_MESSAGES.musicBadClip);
    expect(clipError({ start: 20, end: 21 })).toBeNull();
  });
  it("is sent as a whole-second start and duration", () => {
    expect(clipFields({ start: 12, end: 42 })).toEqual({ startSeconds: "12", durationSeconds: "30" });
  });
});

describe("the player plays only the clip", () => {
  it("starts at the clip's start and stops at its end", () => {
    const clip = clipWindow(12, 30);
    expect(clip).toEqual({ start: 12, end: 42 });
    expect(resumeAt(clip, 0)).toBe(12);
    expect(resumeAt(clip, 20)).toBe(20);
    expect(resumeAt(clip, 42)).toBe(12);
    expect(pastClip(clip, 41.9)).toBe(false);
    expect(pastClip(clip, 42)).toBe(true);
  });
  it("plays to the end of the track when no duration was kept", () => {
    expect(pastClip(clipWindow(5, 0), 10_000)).toBe(false);
  });
});

describe("music volume", () => {
  afterEach(() => localStorage.clear());
  it("defaults to 60 and clamps what is stored", () => {
    expect(readVolume()).toBe(MUSIC_VOLUME_DEFAULT);
    localStorage.setItem(MUSIC_VOLUME_KEY, "250");
    expect(readVolume()).toBe(100);
    localStorage.setItem(MUSIC_VOLUME_KEY, "-4");
    expect(readVolume()).toBe(0);
    localStorage.setItem(MUSIC_VOLUME_KEY, "fort");
    expect(readVolume()).toBe(60);
    expect(storeVolume(33.4)).toBe(33);
    expect(localStorage.getItem(MUSIC_VOLUME_KEY)).toBe("33");
  });
});
