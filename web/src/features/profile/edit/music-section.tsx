import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { MUSIC_TITLE_MAX, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { SessionUser } from "@planify/common/schemas/users";
import { Button } from "../../../components/button";
import { MusicIcon } from "../../../components/page-icons";
import { useNotify } from "../../../components/notifications";
import { errorText } from "../../../lib/api";
import { getToken } from "../../../lib/session";
import type { TransferProgress } from "../../../lib/transfer";
import { musicErrorText, useRemoveMusic, useUploadMusic } from "../api/profile-mutations";
import { ClipEditor } from "./clip-editor";
import { clipError, defaultMusicTitle, musicFileError, wholeTrack, type Clip } from "./music-rules";
import { UploadProgress } from "./upload-progress";
import styles from "../../../components/profile-sections.module.css";

interface Picked {
  file: File;
  url: string;
}

/** The profile music: pick an MP3, name it, optionally keep a clip, upload with progress; or remove it. */
export function MusicSection({ user }: { user: SessionUser | undefined }) {
  const notify = useNotify();
  const upload = useUploadMusic();
  const remove = useRemoveMusic();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [title, setTitle] = useState("");
  const [duration, setDuration] = useState<number | null>(null);
  const [trim, setTrim] = useState(false);
  const [clip, setClip] = useState<Clip>({ start: 0, end: 1 });
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const clipBad = trim && clipError(clip) !== null;

  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const refused = musicFileError(file);
    setError(refused);
    if (refused) return;
    setPicked({ file, url: URL.createObjectURL(file) });
    setTitle(defaultMusicTitle(file.name));
    setDuration(null);
    setTrim(false);
  }

  function send() {
    if (!picked) return;
    if (!getToken()) return setError(SOCIAL_MESSAGES.musicNeedsLogin);
    // A bad clip is already said under its sliders.
    if (clipBad) return;
    setError(null);
    setProgress({ loaded: 0, total: null, ratio: null });
    upload.mutate(
      { file: picked.file, title: title.trim() || defaultMusicTitle(picked.file.name), clip: trim ? clip : null, onProgress: setProgress },
      {
        onSuccess: () => {
          notify.toast(SOCIAL_MESSAGES.musicSaved);
          setPicked(null);
        },
        onError: (err) => {
          const text = musicErrorText(err);
          setError(text);
          notify.toast(text, "error");
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  async function removeMusic() {
    const yes = await notify.confirm({
      title: "Supprimer la musique",
      message: "Ta musique de profil ne sera plus jouée sur ton profil.",
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!yes) return;
    remove.mutate(undefined, {
      onSuccess: () => notify.toast("Musique supprimée."),
      onError: (err) => notify.toast(errorText(err, "Impossible de supprimer la musique."), "error"),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="edit-music-title">
      <h3 id="edit-music-title" className={styles.sectionTitle}>
        Musique de profil
      </h3>
      {user?.musicSrc ? (
        <div className={styles.current}>
          <MusicIcon size={18} />
          <span className={styles.currentTitle}>{user.musicTitle || "Musique de profil"}</span>
          <Button size="small" variant="ghost" onClick={() => void removeMusic()} disabled={remove.isPending}>
            {remove.isPending ? "Suppression…" : "Supprimer la musique"}
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>Aucune musique pour l'instant.</p>
      )}
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={upload.isPending}>
          Choisir un MP3
        </Button>
        <span className={styles.hint}>MP3, 10 Mo au plus.</span>
        <input
          ref={input}
          type="file"
          accept="audio/mpeg,.mp3"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Fichier MP3"
          data-testid="music-input"
          onChange={onPick}
        />
      </div>
      {picked && (
        <div className={styles.musicForm}>
          {/* biome-ignore lint/a11y/useMediaCaption: only read for the track's length. */}
          <audio
            src={picked.url}
            preload="metadata"
            hidden
            onLoadedMetadata={(e) => {
              const d = e.currentTarget.duration;
              setDuration(Number.isFinite(d) ? d : null);
              setClip(wholeTrack(d));
            }}
          />
          <label className={styles.field}>
            <span>Titre</span>
            <input className={styles.input} value={title} maxLength={MUSIC_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={trim} disabled={duration === null} onChange={(e) => setTrim(e.target.checked)} />
            <span>Ne garder qu'un extrait{duration === null ? " (lecture de la durée…)" : ""}</span>
          </label>
          {trim && duration !== null && (
            <ClipEditor
              src={picked.url}
              duration={duration}
              clip={clip}
              onChange={(c) => {
                setClip(c);
                setError(null);
              }}
            />
          )}
          {upload.isPending && <UploadProgress progress={progress} label="Envoi de la musique" />}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setPicked(null)} disabled={upload.isPending}>
              Annuler
            </Button>
            <Button onClick={send} disabled={upload.isPending || clipBad}>
              {upload.isPending ? "Envoi…" : "Envoyer la musique"}
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
