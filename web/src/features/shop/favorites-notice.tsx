import { HeartIcon } from "./favorite-button";
import styles from "./favorites.module.css";

/** The daily shop's line when favourites are on sale today; nothing otherwise. */
export function FavoritesNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className={styles.notice} data-testid="favorites-notice">
      <HeartIcon filled size={18} />
      {count === 1 ? "Un de vos favoris est dans la boutique du jour" : `${count} de vos favoris sont dans la boutique du jour`}
    </p>
  );
}
