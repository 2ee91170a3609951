import { useRef, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { AVATAR_ZOOM_MAX } from "@planify/common/constants/social";
import { cropOffset, cropToStore, type AvatarCrop } from "@planify/common/rules/avatar-crop";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { cropToJpeg } from "./crop-image";
import styles from "../../../components/profile-sections.module.css";

/** The cover scale: at zoom 1 the picture just fills the round frame (objectFit "cover"). */
const MIN_ZOOM = 1;

export interface AvatarCropperProps {
  /** Object URL of the picked picture, already decoded once (`image`). */
  src: string;
  image: HTMLImageElement;
  /** The crop to reopen at (the one stored with the avatar); none: centred, zoom 1. */
  initial?: AvatarCrop | null;
  onCancel: () => void;
  /** The 512×512 JPEG to upload, and the crop to store with it. */
  onDone: (file: File, crop: AvatarCrop) => void;
  onError: () => void;
}

/** 'Recadrer l'avatar': drag, wheel or pinch to zoom up to 4×, a zoom slider; Annuler / Utiliser. */
export function AvatarCropper({ src, image, initial, onCancel, onDone, onError }: AvatarCropperProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(initial?.scale ?? MIN_ZOOM);
  const [busy, setBusy] = useState(false);
  const area = useRef<Area | null>(null);
  const percent = useRef<Area | null>(null);

  async function use() {
    if (!area.current) return;
    setBusy(true);
    try {
      const blob = await cropToJpeg(image, area.current);
      const p = percent.current ?? { x: 0, y: 0, width: 100, height: 100 };
      onDone(new File([blob], "avatar.jpg", { type: "image/jpeg" }), cropToStore(p.x + p.width / 2, p.y + p.height / 2, zoom));
    } catch {
      onError();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onCancel()}
      title="Recadrer l'avatar"
      width={480}
      className={styles.sheet}
      description="Glissez l'image pour la placer ; zoomez à la molette, en pinçant ou avec le curseur."
    >
      <div className={styles.cropArea}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          objectFit="cover"
          showGrid={false}
          minZoom={MIN_ZOOM}
          maxZoom={AVATAR_ZOOM_MAX}
          zoomSpeed={0.25}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onMediaLoaded={(media) => {
            if (initial) setCrop(cropOffset(initial, media.width, media.height));
          }}
          onCropComplete={(percentages, pixels) => {
            area.current = pixels;
            percent.current = percentages;
          }}
          cropperProps={{ "aria-label": "Zone de recadrage (flèches pour déplacer l'image)" }}
        />
      </div>
      <label className={styles.zoom}>
        <span>Zoom</span>
        <input
          type="range"
          min={MIN_ZOOM}
          max={AVATAR_ZOOM_MAX}
          step={0.01}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          aria-valuetext={`${zoom.toFixed(2)}×`}
        />
        <span className={styles.value} aria-hidden="true" data-testid="crop-zoom">
          {zoom.toFixed(2)}×
        </span>
      </label>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button onClick={() => void use()} disabled={busy}>
          {busy ? "Préparation…" : "Utiliser"}
        </Button>
      </div>
    </Dialog>
  );
}
