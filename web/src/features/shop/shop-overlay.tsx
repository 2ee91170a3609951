import { useEffect, useState } from "react";
import { formatCoins } from "@planify/common/format/coins";
import { DAILY_SHOP_ITEM_COUNT } from "@planify/common/constants/economy";
import { Dialog } from "../../components/dialog";
import { useSession } from "../../lib/use-session";
import { reportQuest } from "../../lib/quest-report";
import { useBalance } from "../../lib/economy/coins-api";
import { CoinIcon } from "../../components/coin-icon";
import { ShopTabs, type TabDef } from "./shop-tabs";
import { CollectionTab } from "./collection-tab";
import { DailyShopTab } from "./daily-shop-tab";
import { isProfessor, seesLeaderboard } from "../../lib/social/social-rules";
import { LeaderboardTab } from "./leaderboard-tab";
import { LeaderboardToggle } from "./leaderboard-toggle";
import { PurchaseToast, type Bought } from "./purchase-toast";
import styles from "./shop.module.css";

type Tab = "collection" | "daily" | "leaderboard";

/** The shop overlay: Collection, Boutique quotidienne and the Leaderboard. */
export default function ShopOverlay({ onClose, initialTab = "collection" }: { onClose: () => void; initialTab?: Tab }) {
  const [chosen, setTab] = useState<Tab>(initialTab);
  const [bought, setBought] = useState<Bought | null>(null);
  const balance = useBalance();
  const user = useSession()?.user;
  useEffect(() => reportQuest("visit-shop"), []);
  // Decided by role: professors see the leaderboard once they opt in, every other role always.
  const leaderboard = seesLeaderboard(user);
  const tab: Tab = chosen === "leaderboard" && !leaderboard ? "collection" : chosen;
  const tabs: TabDef<Tab>[] = [
    { key: "collection", label: "Collection" },
    { key: "daily", label: "Boutique quotidienne", badge: DAILY_SHOP_ITEM_COUNT },
    ...(leaderboard ? [{ key: "leaderboard" as const, label: "Leaderboard" }] : []),
  ];

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      width={1040}
      className={styles.dialog}
      title={
        <span className={styles.title}>
          Boutique
          <span
            className={styles.balance}
            title={balance === null ? "Solde indisponible" : `Solde : ${balance.toLocaleString("fr-FR")} Planify Coins à dépenser`}
            data-testid="shop-balance"
          >
            <span className={styles.balanceLabel}>Solde</span> <CoinIcon size={18} /> {balance === null ? "—" : formatCoins(balance)}
          </span>
        </span>
      }
    >
      <ShopTabs
        tabs={tabs}
        value={tab}
        onChange={setTab}
        label="Sections de la boutique"
        extra={
          user && isProfessor(user.role) ? (
            // Enabling it opens the leaderboard; disabling hides the tab.
            <LeaderboardToggle enabled={leaderboard} onChange={(on) => on && setTab("leaderboard")} />
          ) : undefined
        }
      >
        {tab === "collection" && <CollectionTab />}
        {tab === "daily" && <DailyShopTab balance={balance} onBought={setBought} />}
        {tab === "leaderboard" && <LeaderboardTab onLeave={onClose} />}
      </ShopTabs>
      {/* Below the scrolling section, so it covers no card; a live region that stays mounted. */}
      <div role="status" aria-live="polite" className={styles.toastRegion}>
        {bought && <PurchaseToast key={bought.key} bought={bought} />}
      </div>
    </Dialog>
  );
}
