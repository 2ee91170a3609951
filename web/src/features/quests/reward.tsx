import { CoinIcon } from "../../components/coin-icon";
import styles from "./quests.module.css";

/** A quest's reward: the coin and the amount, read « n Planify Coins ». */
export function Reward({ amount }: { amount: number }) {
  return (
    <span className={styles.reward}>
      <CoinIcon size={18} />
      {amount.toLocaleString("fr-FR")}
      <span className="visually-hidden"> Planify Coins</span>
    </span>
  );
}
