import { CoinIcon } from "../../components/coin-icon";
import styles from "./quests-button.module.css";

/** The « Bonus journalier reçu » popup's body: the amount with the coin. */
export function BonusReceived({ amount }: { amount: number }) {
  return (
    <span className={styles.bonusReceived} data-testid="quest-bonus-received">
      <CoinIcon size={40} />
      <strong>+{amount.toLocaleString("fr-FR")}</strong> Planify Coins
    </span>
  );
}
