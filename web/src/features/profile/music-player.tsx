import { useEffect, useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "../../components/page-icons";
import { clipWindow, pastClip, resumeAt } from "./music-clip";
import { formatSeconds } from "./edit/music-rules";
import { readVolume, storeVolume } from "./music-volume";
import styles from "./profile-popup.module.css";

export interface MusicPlayerProps {
  src: string;
  title: string;
  startSeconds: number;
  /** 0: play to the end of the track. */
  durationSeconds: number;
}

/**
 * A profile's music: play/pause and a volume slider (0–100, kept in this browser). Only the
 * clip plays: it starts at its start and stops at its end. Unmounting (the popup closes) stops it.
 */
export function MusicPlayer({ src, title, startSeconds, durationSeconds }: MusicPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [volume, setVolume] = useState(readVolume);
  const [elapsed, setElapsed] = useState(0);
  const [length, setLength] = useState<number | null>(durationSeconds > 0 ? durationSeconds : null);
  const clip = clipWindow(startSeconds, durationSeconds);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume / 100;
  }, [volume]);

  // A removed <audio> is paused by the browser too; saying it keeps the intent visible.
  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  async function toggle() {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    el.currentTime = resumeAt(clip, el.currentTime);
    try {
      setFailed(false);
      await el.play();
    } catch (error) {
      // An interrupted play() (a pause right after) is not a failure.
      if ((error as Error).name !== "AbortError") setFailed(true);
    }
  }

  function onTimeUpdate() {
    const el = audio.current;
    if (!el) return;
    if (pastClip(clip, el.currentTime)) {
      el.pause();
      el.currentTime = clip.start;
    }
    setElapsed(Math.max(0, el.currentTime - clip.start));
  }

  return (
    <div className={styles.player} data-testid="music-player">
      {/* biome-ignore lint/a11y/useMediaCaption: a profile's music has no words to caption. */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={onTimeUpdate}
        onError={() => setFailed(true)}
        onLoadedMetadata={(e) => durationSeconds <= 0 && setLength(Math.max(0, e.currentTarget.duration - clip.start))}
      />
      <button
        type="button"
        className={styles.play}
        onClick={toggle}
        aria-label={playing ? "Mettre en pause" : "Lire la musique"}
        aria-pressed={playing}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div className={styles.track}>
        <span className={styles.trackTitle} title={title}>
          {title}
        </span>
        <span className={styles.trackTime}>
          {failed
            ? "Lecture impossible"
            : `${formatSeconds(elapsed)}${length && Number.isFinite(length) ? ` / ${formatSeconds(length)}` : ""}`}
        </span>
      </div>
      <label className={styles.volume}>
        <span className="visually-hidden">Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={volume}
          onChange={(e) => setVolume(storeVolume(Number(e.target.value)))}
          aria-valuetext={`${volume} %`}
        />
      </label>
    </div>
  );
}
