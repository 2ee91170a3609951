import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { useToggleFavorite } from "./api/favorites-api";
import styles from "./favorites.module.css";

/** The heart of a shop card: adds the item to the account's favourites or takes it out. */
export function FavoriteButton({ itemId, name, favorite }: { itemId: number; name: string; favorite: boolean }) {
  const notify = useNotify();
  const toggle = useToggleFavorite();
  const label = favorite ? "Retirer des favoris" : "Ajouter aux favoris";

  function onClick() {
    toggle.mutate(
      { itemId, favorite: !favorite },
      {
        onError: (err) =>
          notify.toast(
            failureText(favorite ? `Impossible de retirer ${name} des favoris.` : `Impossible d'ajouter ${name} aux favoris.`, err),
            "error",
          ),
      },
    );
  }

  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={favorite}
      aria-label={`${label} : ${name}`}
      title={label}
      onClick={onClick}
      data-testid={`favorite-${itemId}`}
    >
      <HeartIcon filled={favorite} />
    </button>
  );
}

/** A heart, outlined or filled. */
export function HeartIcon({ filled, size = 16 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3.1 1.6-1.9 3.1-3.1 5.2-3.1 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
