import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { SessionUser } from "@planify/common/schemas/users";
import { Button } from "../../../components/button";
import { UserAvatar } from "../../../components/item-art/user-avatar";
import { useNotify } from "../../../components/notifications";
import type { AvatarCrop } from "@planify/common/rules/avatar-crop";
import { fetchAvatarSource, useUploadAvatar } from "../api/profile-mutations";
import { AvatarCropper } from "./avatar-cropper";
import { planAvatar } from "./avatar-rules";
import { loadImage } from "./crop-image";
import styles from "../../../components/profile-sections.module.css";

interface Picked {
  src: string;
  image: HTMLImageElement;
  /** The uncropped picture, sent with the crop so that the cropper can reopen on it. */
  source: Blob;
  /** Where to reopen: the crop stored with the current avatar. */
  initial: AvatarCrop | null;
}

/** The avatar and its picker: a GIF goes up as it is, any other picture through the cropper. */
export function AvatarSection({ user }: { user: SessionUser | undefined }) {
  const notify = useNotify();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [reopening, setReopening] = useState(false);

  // The object URL lives as long as the cropper shows it.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.src) : undefined), [picked]);

  const say = (ok: boolean, text: string) => notify.toast(text, ok ? "success" : "error");

  function send(file: File, gif: boolean, cropped?: { source: Blob; crop: AvatarCrop }) {
    upload.mutate(
      { file, cropped },
      {
        onSuccess: () => say(true, gif ? SOCIAL_MESSAGES.avatarGifSaved : SOCIAL_MESSAGES.avatarSaved),
        onError: () => say(false, SOCIAL_MESSAGES.avatarError),
      },
    );
  }

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ""; // picking the same file again still fires a change
    if (!file) return;
    const plan = planAvatar(file);
    if (plan.kind === "refuse") return say(false, plan.message);
    if (plan.kind === "upload-as-is") return send(file, true);
    await openCropper(file, null);
  }

  async function openCropper(source: Blob, initial: AvatarCrop | null) {
    const src = URL.createObjectURL(source);
    try {
      setPicked({ src, image: await loadImage(src), source, initial });
    } catch {
      URL.revokeObjectURL(src);
      say(false, SOCIAL_MESSAGES.cropperError);
    }
  }

  /** 'Recadrer': the picture the avatar was cut from, at the stored crop. */
  async function recrop() {
    if (!user?.avatarCrop) return;
    setReopening(true);
    try {
      await openCropper(await fetchAvatarSource(), user.avatarCrop);
    } catch {
      say(false, SOCIAL_MESSAGES.cropperError);
    } finally {
      setReopening(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="edit-avatar-title">
      <h3 id="edit-avatar-title" className={styles.sectionTitle}>
        Avatar
      </h3>
      <div className={styles.avatarRow}>
        {user && <UserAvatar user={user} size={88} />}
        <div className={styles.avatarActions}>
          <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? "Envoi de l'avatar…" : "Choisir une image"}
          </Button>
          {user?.avatarCrop && (
            <Button variant="secondary" onClick={() => void recrop()} disabled={upload.isPending || reopening}>
              {reopening ? "Ouverture…" : "Recadrer"}
            </Button>
          )}
          <p className={styles.hint}>PNG, JPEG, WebP ou GIF (animé, envoyé tel quel), 30 Mo au plus.</p>
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Image de l'avatar"
            data-testid="avatar-input"
            onChange={(e) => void onPick(e)}
          />
        </div>
      </div>
      {picked && (
        <AvatarCropper
          src={picked.src}
          image={picked.image}
          initial={picked.initial}
          onCancel={() => setPicked(null)}
          onDone={(file, crop) => {
            setPicked(null);
            send(file, false, { source: picked.source, crop });
          }}
          onError={() => {
            setPicked(null);
            say(false, SOCIAL_MESSAGES.avatarError);
          }}
        />
      )}
    </section>
  );
}
