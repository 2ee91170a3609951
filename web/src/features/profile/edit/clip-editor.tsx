import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { boundClip, clipError, formatSeconds, type Clip } from "./music-rules";
import styles from "../../../components/profile-sections.module.css";

export interface ClipEditorProps {
  /** Object URL of the picked MP3. */
  src: string;
  /** The track's length in seconds, read from its metadata. */
  duration: number;
  clip: Clip;
  onChange: (clip: Clip) => void;
}

/** Start and end sliders bounded by the track, in whole seconds, and a preview of the clip. */
export function ClipEditor({ src, duration, clip, onChange }: ClipEditorProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const max = Math.max(1, Math.floor(duration));
  const error = clipError(clip);

  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  async function preview() {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    el.currentTime = clip.start;
    await el.play().catch(() => setPlaying(false));
  }

  function onTimeUpdate() {
    const el = audio.current;
    if (el && el.currentTime >= clip.end) el.pause();
  }

  const set = (next: Clip) => onChange(boundClip(next, duration));

  return (
    <div className={styles.clip}>
      {/* biome-ignore lint/a11y/useMediaCaption: a preview of the user's own music. */}
      <audio
        ref={audio}
        src={src}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={onTimeUpdate}
      />
      <label className={styles.slider}>
        <span>Début</span>
        <input
          type="range"
          min={0}
          max={max}
          step={1}
          value={clip.start}
          onChange={(e) => set({ ...clip, start: Number(e.target.value) })}
          aria-valuetext={formatSeconds(clip.start)}
        />
        <span className={styles.value} aria-hidden="true">
          {formatSeconds(clip.start)}
        </span>
      </label>
      <label className={styles.slider}>
        <span>Fin</span>
        <input
          type="range"
          min={0}
          max={max}
          step={1}
          value={clip.end}
          onChange={(e) => set({ ...clip, end: Number(e.target.value) })}
          aria-valuetext={formatSeconds(clip.end)}
        />
        <span className={styles.value} aria-hidden="true">
          {formatSeconds(clip.end)}
        </span>
      </label>
      <div className={styles.clipFoot}>
        <span>
          Extrait : {formatSeconds(Math.max(0, clip.end - clip.start))} sur {formatSeconds(max)}
        </span>
        <Button size="small" variant="secondary" onClick={() => void preview()} disabled={!!error}>
          {playing ? "Arrêter l'écoute" : "Écouter l'extrait"}
        </Button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
