/** Coin-economy constants shared by the server and the web app. */

/** Task milestones: the Nth counted task pays these coins, once per threshold ever. */
export const TASK_MILESTONES: readonly { threshold: number; coins: number }[] = [
  { threshold: 10, coins: 50 },
  { threshold: 25, coins: 120 },
  { threshold: 50, coins: 300 },
];

/** Prestige (item 27) goes to this many first student-side accounts ever created. */
export const PRESTIGE_FIRST_ACCOUNTS = 10;

/** Daily shop size. */
export const DAILY_SHOP_ITEM_COUNT = 3;
export const DAILY_SHOP_COLOR_COUNT = 3;

/** How long after a purchase it may still be cancelled and refunded (the toast's « Annuler »). */
export const PURCHASE_UNDO_MS = 10_000;

/** Reward codes. */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_MIN_LENGTH = 6;
export const CODE_MAX_LENGTH = 24;
export const CODE_DEFAULT_LENGTH = 8;
export const CODE_MAX_USES = 9999;
/** What a user may type in the code field: the longest code with a separator between every character and some spaces. */
export const CODE_INPUT_MAX_LENGTH = 60;

/** Admin gift message. */
export const ADMIN_MESSAGE_MAX = 200;
/** Admin coin settings: a value an admin may set on a balance. */
export const ADMIN_BALANCE_MAX = 10_000_000;

/** Normalises a typed code: trim, upper-case, drop everything but letters and digits. */
export function normaliseCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** French messages the web app may also show. */
export const ECONOMY_MESSAGES = {
  notEnoughCoins: "Pas assez de coins.",
  notOnSale: "Cet item n'est pas en vente aujourd'hui.",
  alreadyOwned: "Tu possèdes déjà cet item.",
  itemNotOwned: "Tu ne possèdes pas cet item.",
  colorLocked: "Cette couleur n'est pas débloquée.",
  unknownItem: "Item inconnu.",
  unknownColor: "Couleur inconnue.",
  alreadySpun: "Tu as déjà tourné la roue aujourd'hui. Reviens après minuit !",
  codeUnknown: "Code invalide.",
  codeExpired: "Ce code a expiré.",
  codeUsedUp: "Ce code a atteint son nombre maximal d'utilisations.",
  codeAlreadyUsed: "Tu as déjà utilisé ce code.",
  codeEmpty: "Veuillez entrer un code",
  giftAlreadyOwned: "L'utilisateur possède déjà cet item.",
  giftNotFound: "Item non trouvé",
  refundUnavailable: "Aucun achat de cet item à annuler.",
  refundNotPurchased: "Cet item n'a pas été acheté : il ne peut pas être remboursé.",
  refundTooLate: "Trop tard : un achat ne s'annule que dans les 10 secondes qui suivent.",
  refundEquipped: "Cet item est équipé : déséquipe-le pour annuler l'achat.",
  refundColorInUse: "Cette bordure est utilisée : choisis-en une autre pour annuler l'achat.",
  alreadyRefunded: "Cet achat a déjà été annulé.",
} as const;
