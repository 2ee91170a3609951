import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_ERROR_MESSAGES } from "@planify/common/errors";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { ApiError, errorText, NOT_SIGNED_IN, requireSession } from "../../../lib/api";
import { getSession, updateUser } from "../../../lib/session";
import { downloadFile, uploadForm, type ProgressListener } from "../../../lib/transfer";
import { clipFields, type Clip } from "../edit/music-rules";
import type { AvatarCrop } from "@planify/common/rules/avatar-crop";
import { PROFILE_KEYS, refreshAvatarViews } from "./profile-api";
import { routeOf } from "../../../lib/api/routes";
import { answerOf, apiClient } from "../../../lib/api/client";

function ownProfileKey() {
  return PROFILE_KEYS.user(getSession()?.user.id ?? "");
}

export interface AvatarUpload {
  /** The picture to show: the 512 px crop, or a GIF as it is. */
  file: File;
  /** With a crop: the uncropped picture and where it was cut, so the cropper can reopen there. */
  cropped?: { source: Blob; crop: AvatarCrop };
}

/** Uploads an avatar (a cropped JPEG with its source and crop, or a GIF as it is); the new picture shows everywhere at once. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, cropped }: AvatarUpload) => {
      requireSession();
      const form = new FormData();
      form.append("avatar", file, file.name);
      if (cropped) {
        form.append("source", cropped.source, "source");
        form.append("crop", JSON.stringify(cropped.crop));
      }
      return uploadForm(routeOf("/api/users/upload-avatar"), form);
    },
    onSuccess: (res) => {
      // The session user feeds the top bar; UserAvatar also reads it for one's own rows.
      updateUser({
        avatar: res.avatar,
        avatarVersion: res.avatarVersion,
        avatarUpdatedAt: res.avatarUpdatedAt,
        avatarCrop: res.avatarCrop,
      });
      void refreshAvatarViews(client);
    },
  });
}

export interface MusicUpload {
  file: File;
  title: string;
  /** null: the whole track. */
  clip: Clip | null;
  onProgress?: ProgressListener;
}

/** The caller's uncropped picture of their current avatar (GET /users/me/avatar-source). */
export const fetchAvatarSource = async (): Promise<Blob> =>
  (await downloadFile(routeOf("/api/users/me/avatar-source"), undefined, "source")).blob;

/** Uploads the profile music (MP3) with its title and optional clip, reporting the upload's progress. */
export function useUploadMusic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, title, clip, onProgress }: MusicUpload) => {
      requireSession();
      const form = new FormData();
      form.append("music", file, file.name);
      form.append("title", title);
      if (clip) for (const [k, v] of Object.entries(clipFields(clip))) form.append(k, v);
      return uploadForm(routeOf("/api/users/upload-music"), form, onProgress);
    },
    onSuccess: (res) => {
      updateUser({
        musicSrc: res.musicSrc,
        musicTitle: res.musicTitle,
        musicStartSeconds: res.musicStartSeconds,
        musicDurationSeconds: res.musicDurationSeconds,
      });
      void client.invalidateQueries({ queryKey: ownProfileKey() });
    },
  });
}

/** Removes one's profile music. */
export function useRemoveMusic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answerOf(apiClient.DELETE("/api/users/me/music")),
    onSuccess: () => {
      updateUser({ musicSrc: null, musicTitle: null, musicStartSeconds: 0, musicDurationSeconds: 0 });
      void client.invalidateQueries({ queryKey: ownProfileKey() });
    },
  });
}

/** Saves the public note (the server cuts it to 60 characters and answers what it kept). */
export function useSavePublicNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (publicNote: string) => {
      requireSession();
      return answerOf(apiClient.PUT("/api/users/me/public-note", { body: { publicNote } }));
    },
    onSuccess: (res) => {
      updateUser({ publicNote: res.publicNote });
      void client.invalidateQueries({ queryKey: ownProfileKey() });
    },
  });
}

/** The note's failure messages: not logged in, session expired, anything else. */
export function noteErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return error.message === NOT_SIGNED_IN ? NOT_SIGNED_IN : DEFAULT_ERROR_MESSAGES.UNAUTHORIZED;
  }
  return SOCIAL_MESSAGES.noteError;
}

/** The music's failure message: the server's own text, else the generic one. */
export function musicErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401 && error.message === NOT_SIGNED_IN) return SOCIAL_MESSAGES.musicNeedsLogin;
  return errorText(error, SOCIAL_MESSAGES.musicError, SOCIAL_MESSAGES.musicError);
}
