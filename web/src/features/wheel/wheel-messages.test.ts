import { describe, expect, it } from "vitest";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import { ApiError } from "../../lib/api";
import { isAlreadySpun, isLoss, resultMessage, spinErrorText } from "./wheel-messages";

describe("wheel messages", () => {
  it("announces a win, with the weekend prefix on weekends", () => {
    expect(resultMessage({ rewardName: "120", coinsWon: 120, rewardItemId: null, isWeekend: false })).toBe(
      "🎉 Félicitations ! Vous avez gagné 120 coins !",
    );
    expect(resultMessage({ rewardName: "180", coinsWon: 180, rewardItemId: null, isWeekend: true })).toBe(
      "WEEKEND BONUS x1.5 🎉 Félicitations ! Vous avez gagné 180 coins !",
    );
  });
  it("announces a loss and Galaxie", () => {
    expect(resultMessage({ rewardName: "Perdu", coinsWon: 0, rewardItemId: null, isWeekend: false })).toBe(
      "😔 Dommage, vous n'avez rien gagné cette fois-ci !",
    );
    expect(resultMessage({ rewardName: "Galaxie", coinsWon: 0, rewardItemId: 25, isWeekend: true })).toBe(
      "Félicitations ! Vous avez obtenu l'item Galaxie !",
    );
    expect(isLoss("Perdu")).toBe(true);
    expect(isLoss("20")).toBe(false);
  });
  it("recognises the server's already-spun refusal", () => {
    expect(isAlreadySpun(new ApiError(409, "x", "Texte reformulé", "ALREADY_SPUN"))).toBe(true);
    // The French text alone decides nothing: only the code does.
    expect(isAlreadySpun(new ApiError(409, "x", ECONOMY_MESSAGES.alreadySpun, "CONFLICT"))).toBe(false);
    expect(isAlreadySpun(new ApiError(500, "x", "Erreur interne", "INTERNAL"))).toBe(false);
  });
  it("says why a spin failed: the server's words, the wheel's sentence, or the store's when nothing answered", () => {
    expect(spinErrorText(new ApiError(400, "x", "Roue fermée", "BAD_REQUEST"))).toBe("Roue fermée");
    expect(spinErrorText(new ApiError(502, "Erreur 502: Bad Gateway", null))).toBe("Erreur lors du tirage de la roue.");
    expect(spinErrorText(new ApiError(0, "Erreur réseau", null))).toBe("Erreur lors du spin.");
    expect(spinErrorText(new TypeError("boom"))).toBe("Erreur lors du tirage de la roue.");
  });
});
