// STUB: placeholder created by the lead; the economy-web helper replaces it.
// Contract: <UserAvatar user={{ username, avatar, avatarVersion, equippedItemId, selectedBorderColor }} size={40} />
// draws the avatar (or initials) with the user's border colour and equipped item decoration.
export interface AvatarUser {
  id?: string;
  username: string;
  avatar?: string | null;
  avatarVersion?: number;
  equippedItemId?: number | null;
  selectedBorderColor?: string;
}

export function UserAvatar({ user, size = 40 }: { user: AvatarUser; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        width: size, height: size, borderRadius: "50%", display: "inline-grid", placeItems: "center",
        background: "var(--color-primary-soft)", color: "var(--color-primary)", fontWeight: 700,
        border: "2px solid #111", fontSize: size * 0.4,
      }}
    >
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  );
}
