import { WHEEL_LOSE_LABEL } from "@planify/common/constants/wheel";
import { errorText, hasCode } from "../../lib/api";

export const WHEEL_ERROR = "Erreur lors du tirage de la roue.";
/** When the spin call itself fails (no answer at all), as the coins store said it. */
export const SPIN_STORE_ERROR = "Erreur lors du spin.";

/** A refused spin: the server's message, else the wheel's sentence; no answer: the store's. */
export function spinErrorText(error: unknown): string {
  return errorText(error, WHEEL_ERROR, SPIN_STORE_ERROR);
}

/** Whether a drawn label is a loss (plays the lose sound). */
export function isLoss(label: string): boolean {
  return /perdu/i.test(label) || label === WHEEL_LOSE_LABEL;
}

/** The French result line for a drawn segment. */
export function resultMessage(r: { rewardName: string; coinsWon: number; rewardItemId: number | null; isWeekend: boolean }): string {
  if (r.rewardItemId === 25 || /galaxie/i.test(r.rewardName)) return "Félicitations ! Vous avez obtenu l'item Galaxie !";
  if (isLoss(r.rewardName)) return "😔 Dommage, vous n'avez rien gagné cette fois-ci !";
  return `${r.isWeekend ? "WEEKEND BONUS x1.5 " : ""}🎉 Félicitations ! Vous avez gagné ${r.coinsWon} coins !`;
}

/** Whether a refusal says the daily spin was already used (then the countdown is shown). */
export function isAlreadySpun(error: unknown): boolean {
  return hasCode(error, "ALREADY_SPUN");
}
