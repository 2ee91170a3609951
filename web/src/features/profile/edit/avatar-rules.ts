import { AVATAR_MAX_BYTES, SOCIAL_MESSAGES } from "@planify/common/constants/social";

/** What to do with a picked avatar file: refuse it, upload it as it is (GIF), or crop it first. */
export type AvatarPlan = { kind: "refuse"; message: string } | { kind: "upload-as-is" } | { kind: "crop" };

/**
 * The browser's checks before anything is sent (the server checks the content again):
 * an image, 30 MB at most; a GIF keeps its animation, so it is not cropped.
 */
export function planAvatar(file: Pick<File, "type" | "size" | "name">): AvatarPlan {
  if (!file.type.startsWith("image/")) return { kind: "refuse", message: SOCIAL_MESSAGES.avatarNotImage };
  if (file.size > AVATAR_MAX_BYTES) return { kind: "refuse", message: SOCIAL_MESSAGES.avatarTooBig };
  if (file.type === "image/gif") return { kind: "upload-as-is" };
  return { kind: "crop" };
}
