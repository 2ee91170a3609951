import type { ReactNode } from "react";
import { CoinIcon } from "../../components/coin-icon";
import styles from "./shop.module.css";
import favStyles from "./favorites.module.css";

export type ItemState = "equipped" | "owned" | "locked";

const STATE_LABEL: Record<ItemState, string> = { equipped: "Équipé", owned: "Possédé", locked: "Verrouillé" };

export interface ItemCardProps {
  name: string;
  preview: ReactNode;
  state?: ItemState;
  /** Price in coins; null for reward-only items. */
  price?: number | null;
  /** The catalogue price when the caller's faction pays another one (shown struck through). */
  basePrice?: number;
  onInfo?: () => void;
  /** The favourite toggle (top left). */
  heart?: ReactNode;
  /** A favourite on sale today: the « Favori » mark and a highlighted tile. */
  featured?: boolean;
  children?: ReactNode;
  testId?: string;
}

/** One tile of the collection or the daily shop: preview, name, state or price, actions. */
export function ItemCard({ name, preview, state, price, basePrice, onInfo, heart, featured, children, testId }: ItemCardProps) {
  return (
    <li
      className={featured ? `${styles.card} ${favStyles.featured}` : styles.card}
      data-state={state}
      data-featured={featured || undefined}
      data-testid={testId}
    >
      {heart}
      {onInfo && (
        <button
          type="button"
          className={styles.info}
          onClick={onInfo}
          aria-label={`Comment obtenir ${name} ?`}
          title="Comment obtenir cet item ?"
        >
          i
        </button>
      )}
      <div className={styles.preview}>{preview}</div>
      <div className={styles.cardName}>{name}</div>
      <div className={styles.cardMeta}>
        {featured && <span className={`${styles.state} ${favStyles.mark}`}>Favori</span>}
        {state && (
          <span className={styles.state} data-state={state}>
            {state === "locked" && <LockIcon />}
            {STATE_LABEL[state]}
          </span>
        )}
        {price !== undefined && (state === "locked" || !state) ? (
          <span className={styles.price}>{price === null ? "Récompense" : <FactionPrice price={price} basePrice={basePrice} />}</span>
        ) : null}
      </div>
      {children && <div className={styles.actions}>{children}</div>}
    </li>
  );
}

/** The price the caller pays; when their faction changes it, the catalogue price struck through before it. */
function FactionPrice({ price, basePrice }: { price: number; basePrice?: number }) {
  const fr = (n: number) => n.toLocaleString("fr-FR");
  if (basePrice === undefined || basePrice === price)
    return (
      <>
        <CoinIcon size={14} />
        {fr(price)}
      </>
    );
  return (
    <span className={styles.factionPrice} title={`Prix de ta faction (catalogue : ${fr(basePrice)} coins)`}>
      <s className={styles.basePrice} data-testid="base-price" aria-hidden="true">
        {fr(basePrice)}
      </s>
      <CoinIcon size={14} />
      <span data-testid="paid-price">{fr(price)}</span>
      <span className="visually-hidden"> (au lieu de {fr(basePrice)}, prix de ta faction)</span>
    </span>
  );
}

export function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      <rect x="4" y="10" width="16" height="12" rx="3" fill="currentColor" />
    </svg>
  );
}
