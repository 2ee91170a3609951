import { lazy, Suspense, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { formatCoins } from "@planify/common/format/coins";
import { useSession } from "../lib/use-session";
import { type BalanceView, useBalanceView, useInventory, useSpinStatus } from "../lib/economy/coins-api";
import { CoinIcon, WheelIcon } from "../components/coin-icon";
import { OPEN_SHOP_EVENT, OPEN_WHEEL_EVENT } from "../lib/app-events";
import { msUntil } from "../lib/time-format";
import { useNow } from "../lib/use-now";
import { RedeemCodeListener } from "../features/codes/redeem-code-listener";
import { GiftsWatcher } from "../features/gifts/gifts-watcher";
import { QuestsButton } from "../features/quests/quests-button";
import styles from "./top-bar-coins.module.css";

// The shop and the wheel are split out: a student's first page stays small.
const ShopOverlay = lazy(() => import("../features/shop/shop-overlay"));
const WheelModal = lazy(() => import("../features/wheel/wheel-modal"));

type Overlay = "shop" | "wheel" | null;

/** The pill's tooltip when the server answered the balance call with an error. */
const UNAVAILABLE = "Solde indisponible";

const pad = (n: number) => String(n).padStart(2, "0");
function compactLeft(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return `${Math.floor(minutes / 60)}h${pad(minutes % 60)}`;
}

/**
 * The wallet pill. Offline (or when the server did not answer) it shows the last balance
 * known, marked as such: a dashed outline and the offline banner's dot, in place so that
 * nothing moves, and « Dernier solde connu » in its title and accessible name. When the server
 * answered with an error, « — » and « Solde indisponible »: never 0.
 */
function CoinsButton({ coins, lastKnown, unavailable, onOpen }: BalanceView & { onOpen: () => void }) {
  const amount = coins === null ? null : coins.toLocaleString("fr-FR");
  const label = unavailable
    ? "Solde indisponible, ouvrir la boutique"
    : lastKnown
      ? amount === null
        ? "Solde inconnu hors ligne, ouvrir la boutique"
        : `Dernier solde connu (hors ligne) : ${amount} Planify Coins, ouvrir la boutique`
      : `${amount ?? 0} Planify Coins, ouvrir la boutique`;
  return (
    <button
      type="button"
      className={lastKnown ? `${styles.coins} ${styles.lastKnown}` : styles.coins}
      onClick={onOpen}
      aria-label={label}
      title={unavailable ? UNAVAILABLE : lastKnown ? "Dernier solde connu (hors ligne)" : "Solde : tes Planify Coins à dépenser"}
      data-testid="coin-balance"
      data-last-known={lastKnown || undefined}
      data-unavailable={unavailable || undefined}
    >
      <CoinIcon size={20} />
      <span className={styles.amount}>{coins === null ? (lastKnown || unavailable ? "—" : formatCoins(0)) : formatCoins(coins)}</span>
      {lastKnown && <span className={styles.staleDot} aria-hidden="true" />}
    </button>
  );
}

/**
 * The coin counter and the spin timer of the top bar (members only). It also mounts the
 * economy's global listeners: the 'Entrer un code' dialog and the received-item popup.
 */
export function TopBarCoins() {
  const session = useSession();
  const balance = useBalanceView();
  useInventory();
  const status = useSpinStatus();
  const [open, setOpen] = useState<Overlay>(null);
  const spun = status ? !status.canSpin : false;
  const now = useNow(spun ? 30_000 : null);
  const client = useQueryClient();
  const token = session?.token;

  // Another account must never see this one's wallet: drop it when the session changes or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is the trigger; the cleanup runs when it changes.
  useEffect(() => () => client.removeQueries({ queryKey: ["coins"] }), [token, client]);

  useEffect(() => {
    const shop = () => setOpen("shop");
    const wheel = () => setOpen("wheel");
    window.addEventListener(OPEN_SHOP_EVENT, shop);
    window.addEventListener(OPEN_WHEEL_EVENT, wheel);
    return () => {
      window.removeEventListener(OPEN_SHOP_EVENT, shop);
      window.removeEventListener(OPEN_WHEEL_EVENT, wheel);
    };
  }, []);

  if (!session) return null;
  const left = spun ? msUntil(status?.nextReset, now) : 0;

  return (
    <div className={styles.bar}>
      <CoinsButton {...balance} onOpen={() => setOpen("shop")} />
      <button
        type="button"
        className={styles.wheel}
        onClick={() => setOpen("wheel")}
        aria-label={spun ? `Roue de la fortune : prochain spin dans ${compactLeft(left)}` : "Roue de la fortune : un spin disponible"}
        title="Roue de la Fortune"
        data-testid="spin-timer"
      >
        <WheelIcon size={20} />
        {spun ? (
          <span className={styles.timer}>{compactLeft(left)}</span>
        ) : status?.canSpin ? (
          <span className={styles.ready} aria-hidden="true" />
        ) : null}
      </button>
      <QuestsButton className={styles.wheel} />
      <Suspense fallback={null}>
        {open === "shop" && <ShopOverlay onClose={() => setOpen(null)} />}
        {open === "wheel" && <WheelModal onClose={() => setOpen(null)} />}
      </Suspense>
      <RedeemCodeListener />
      <GiftsWatcher />
    </div>
  );
}
