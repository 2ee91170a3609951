/**
 * The fixed item catalogue: ids 0–28, id 5 absent. Prices are the server's
 * truth; `price: null` marks an item that cannot be bought (item 0 and the rewards 25–28).
 */
export interface CatalogueItem {
  id: number;
  name: string;
  price: number | null;
  displayType: string;
  /** Number of style variants the user may pick (Discord 3, Jojo 2), 0 otherwise. */
  variants: number;
  /** How the item is obtained, for the 'Comment obtenir cet item ?' popup. */
  infoDescription: string;
}

const SHOP = "Disponible dans la boutique quotidienne quand il y apparaît.";

export const CATALOGUE: readonly CatalogueItem[] = [
  {
    id: 0,
    name: "Bordure classique",
    price: null,
    displayType: "generic",
    variants: 0,
    infoDescription: "Toujours disponible : la bordure de base de chaque compte.",
  },
  { id: 1, name: "Oreilles de chat", price: 150, displayType: "cat-ears", variants: 0, infoDescription: SHOP },
  { id: 2, name: "Clown", price: 120, displayType: "clown", variants: 0, infoDescription: SHOP },
  { id: 3, name: "Cash", price: 50, displayType: "cash", variants: 0, infoDescription: SHOP },
  { id: 4, name: "Cible", price: 70, displayType: "target", variants: 0, infoDescription: SHOP },
  { id: 6, name: "Roi", price: 170, displayType: "roi", variants: 0, infoDescription: SHOP },
  { id: 7, name: "Matrix", price: 500, displayType: "matrix", variants: 0, infoDescription: SHOP },
  { id: 8, name: "Ange", price: 600, displayType: "angel", variants: 0, infoDescription: SHOP },
  { id: 9, name: "Tomb Raider", price: 400, displayType: "tomb-raider", variants: 0, infoDescription: SHOP },
  { id: 10, name: "Étoiles", price: 100, displayType: "etoiles", variants: 0, infoDescription: SHOP },
  { id: 11, name: "Cadre royal", price: 230, displayType: "royal-frame", variants: 0, infoDescription: SHOP },
  { id: 12, name: "Roses", price: 180, displayType: "generic", variants: 0, infoDescription: SHOP },
  { id: 13, name: "Gentleman", price: 150, displayType: "gentleman", variants: 0, infoDescription: SHOP },
  { id: 14, name: "Vinyle", price: 90, displayType: "vinyle", variants: 0, infoDescription: SHOP },
  { id: 15, name: "Advisory", price: 200, displayType: "advisory", variants: 0, infoDescription: SHOP },
  { id: 16, name: "Espace", price: 300, displayType: "espace", variants: 0, infoDescription: SHOP },
  { id: 17, name: "Absolute Cinema", price: 350, displayType: "absolute-cinema", variants: 0, infoDescription: SHOP },
  { id: 18, name: "Flash", price: 120, displayType: "flash", variants: 0, infoDescription: SHOP },
  { id: 19, name: "Miaou", price: 200, displayType: "miaou", variants: 0, infoDescription: SHOP },
  { id: 20, name: "DVD", price: 110, displayType: "dvd", variants: 0, infoDescription: SHOP },
  { id: 21, name: "Lunettes pixel", price: 130, displayType: "lunettes-pixel", variants: 0, infoDescription: SHOP },
  { id: 22, name: "Téléphone des années 2000", price: 250, displayType: "nokia", variants: 0, infoDescription: SHOP },
  { id: 23, name: "Discord", price: 150, displayType: "discord", variants: 3, infoDescription: SHOP },
  { id: 24, name: "Jojo", price: 200, displayType: "jojo", variants: 2, infoDescription: SHOP },
  {
    id: 25,
    name: "Galaxie",
    price: null,
    displayType: "rainbow",
    variants: 0,
    infoDescription: "Récompense rare de la roue de la fortune (1 % de chance tant que tu ne l'as pas).",
  },
  {
    id: 26,
    name: "Cœur",
    price: null,
    displayType: "coeur",
    variants: 0,
    infoDescription: "Offert par l'équipe aux personnes qui contribuent à Planify.",
  },
  {
    id: 27,
    name: "Prestige",
    price: null,
    displayType: "alpha",
    variants: 0,
    infoDescription: "Réservé aux 10 premiers comptes étudiants créés.",
  },
  {
    id: 28,
    name: "Planify",
    price: null,
    displayType: "admin-planify",
    variants: 0,
    infoDescription: "Réservé aux administrateurs de Planify.",
  },
];

export const CLASSIC_BORDER_ITEM_ID = 0;
export const GALAXIE_ITEM_ID = 25;
export const COEUR_ITEM_ID = 26;
export const PRESTIGE_ITEM_ID = 27;
export const PLANIFY_ITEM_ID = 28;
export const DISCORD_ITEM_ID = 23;
export const JOJO_ITEM_ID = 24;
/** Reward-only items: never sold, obtained from the wheel, gifts or account rules. */
export const REWARD_ITEM_IDS: readonly number[] = [GALAXIE_ITEM_ID, COEUR_ITEM_ID, PRESTIGE_ITEM_ID, PLANIFY_ITEM_ID];

const BY_ID = new Map(CATALOGUE.map((item) => [item.id, item]));

/** The fixed catalogue item with this id, or undefined. */
export function catalogueItem(id: number): CatalogueItem | undefined {
  return BY_ID.get(id);
}

/**
 * Items only an account rule grants: Prestige to the first student-side
 * accounts, Planify with the admin role. Nobody gives or sells them; only Prestige may go in a code.
 */
export const ACCOUNT_RULE_ITEM_IDS: readonly number[] = [PRESTIGE_ITEM_ID, PLANIFY_ITEM_ID];

/** Whether an admin may give this catalogue item (gift or reward code): not 0, 27 or 28. */
export function isGiftableItem(id: number): boolean {
  return BY_ID.has(id) && id !== CLASSIC_BORDER_ITEM_ID && !ACCOUNT_RULE_ITEM_IDS.includes(id);
}

/** The French refusal for an item that cannot be given, saying how it is obtained. */
export function notGiftableMessage(id: number): string {
  const item = BY_ID.get(id);
  return item ? `${item.name} ne peut pas être offert. ${item.infoDescription}` : `Item non offrable : ${id}.`;
}

/**
 * Whether a reward code may hand out this catalogue item: what an admin may give, plus
 * Prestige (27), a reward an admin may hand out by code. Planify (28) follows the admin role.
 */
export function isCodeRewardItem(id: number): boolean {
  return isGiftableItem(id) || id === PRESTIGE_ITEM_ID;
}

/** The French refusal for an item a code may not hand out, with the reason. */
export function notCodeRewardMessage(id: number): string {
  if (id === PLANIFY_ITEM_ID)
    return "Planify ne peut pas être mis dans un code : il est réservé aux administrateurs, qui le reçoivent avec leur rôle et le perdent avec lui.";
  return notGiftableMessage(id);
}

/** Items the daily shop may draw: the priced fixed items (1–24, no 5). */
export const DAILY_SHOP_ITEM_POOL: readonly number[] = CATALOGUE.filter((i) => i.price !== null).map((i) => i.id);
