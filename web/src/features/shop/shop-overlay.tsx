import { useState } from "react";
import { formatCoins } from "@planify/common/format/coins";
import { DAILY_SHOP_ITEM_COUNT } from "@planify/common/constants/economy";
import { Dialog } from "../../components/dialog";
import { useSession } from "../../lib/use-session";
import { useBalance } from "../../lib/economy/coins-api";
import { CoinIcon } from "../../components/coin-icon";
import { ShopTabs, type TabDef } from "./shop-tabs";
import { CollectionTab } from "./collection-tab";
import { DailyShopTab } from "./daily-shop-tab";
import { LeaderboardTab } from "./leaderboard-tab";
import styles from "./shop.module.css";

type Tab = "collection" | "daily" | "leaderboard";

/** The shop overlay: Collection, Boutique quotidienne and the Leaderboard frame. */
export default function ShopOverlay({ onClose, initialTab = "collection" }: { onClose: () => void; initialTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const balance = useBalance();
  const user = useSession()?.user;
  // Professors see the leaderboard only once they opt in.
  const leaderboard = user?.leaderboardEnabled !== false;
  const tabs: TabDef<Tab>[] = [
    { key: "collection", label: "Collection" },
    { key: "daily", label: "Boutique quotidienne", badge: DAILY_SHOP_ITEM_COUNT },
    ...(leaderboard ? [{ key: "leaderboard" as const, label: "Leaderboard" }] : []),
  ];

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} width={1040} className={styles.dialog}
      title={
        <span className={styles.title}>
          Boutique
          <span className={styles.balance} title={`${balance.toLocaleString("fr-FR")} Planify Coins`} data-testid="shop-balance">
            <CoinIcon size={18} /> {formatCoins(balance)}
          </span>
        </span>
      }>
      <ShopTabs tabs={tabs} value={tab} onChange={setTab} label="Sections de la boutique">
        {tab === "collection" && <CollectionTab />}
        {tab === "daily" && <DailyShopTab balance={balance} />}
        {tab === "leaderboard" && <LeaderboardTab />}
      </ShopTabs>
    </Dialog>
  );
}
