/**
 * The item creator's shared rules: limits, surfaces, canvas sizes and the French messages
 * that both the admin screen and the server use. The parsing and id rules live in
 * rules/item-creator.ts.
 */

/** Bounds of a created item or colour; the server refuses anything past them. */
export const ITEM_CREATOR_LIMITS = {
  nameMax: 60,
  infoDescriptionMax: 300,
  defaultTextMax: 120,
  textContentMax: 200,
  creditsMax: 200,
  /** Image layers per item and per variant. */
  assetsMax: 12,
  /** Style variants per item (the base style not counted). */
  variantsMax: 10,
  variantNameMax: 40,
  /** A layer's `src`: an uploaded asset URL. */
  srcMax: 300,
  dynamicClassMax: 60,
  /** Item and colour prices. */
  priceMax: 100_000,
  /** Created items and colours take item numbers from 1 to this; negatives are derived ids. */
  legacyIdMax: 999_999_999,
  colorIdMax: 40,
  colorNameMax: 40,
  /** A CSS colour or linear-gradient. */
  cssValueMax: 300,
  /** POST /items/upload: files per request and bytes per file. */
  uploadFilesMax: 10,
  uploadBytesMax: 2 * 1024 * 1024,
  /** Placement numbers (percent of the box, degrees): a generous box around what makes sense. */
  placementMin: -1000,
  placementMax: 1000,
  zIndexMin: -10,
  zIndexMax: 100,
} as const;

/** The surfaces a layer is placed on; the first four also have a mobile placement. */
export const ITEM_SURFACES = ["collection", "leaderboard", "avatar", "navbar", "popupStyle", "profilePopup"] as const;
export type ItemSurface = (typeof ITEM_SURFACES)[number];
export const ITEM_MOBILE_SURFACES = ["collection", "leaderboard", "avatar", "navbar"] as const;

/** Keys of an item's `backgrounds` (each a CSS colour, a linear-gradient, or null for none). */
export const ITEM_BACKGROUND_KEYS = ["collection", "leaderboard", "avatar", "navbar", "popup-style", "profile-popup"] as const;
export type ItemBackgroundKey = (typeof ITEM_BACKGROUND_KEYS)[number];

/** Canvas sizes of the creator in px (width x height); collection is round. */
export const ITEM_CANVAS_SIZES = {
  collection: { width: 90, height: 90, round: true },
  collectionMobile: { width: 80, height: 80, round: true },
  leaderboard: { width: 50, height: 50, round: true },
  navbar: { width: 57, height: 57, round: true },
  avatar: { width: 160, height: 160, round: true },
  popupStyle: { width: 120.5, height: 64, round: false },
  profilePopup: { width: 100, height: 100, round: true },
  default: { width: 220, height: 220, round: true },
} as const;

export const ASSET_PLACEMENTS = ["above", "inside", "below"] as const;
export const OBJECT_FITS = ["contain", "cover", "fill"] as const;
export const LEADERBOARD_TARGETS = ["user-avatar", "user-avatar-container"] as const;
export const NAVBAR_TARGETS = ["avatar-image-container", "user-account-wrapper"] as const;
export const PROFILE_POPUP_TARGETS = ["profile-avatar", "profile-avatar-scaler"] as const;
/** Created item types: a plain item, or one that behaves like the Discord or Jojo frames. */
export const CREATED_ITEM_TYPES = ["generic", "discord", "jojo"] as const;

/** Default placement of a new layer on every surface (spec: top 0, left 0, width 100, rotate 0, contain, z 1). */
export const DEFAULT_ASSET_STYLE = { top: 0, left: 0, width: 100, rotate: 0, objectFit: "contain", zIndex: 1 } as const;
/** Default per-surface targets and placements of a new layer. */
export const DEFAULT_ASSET_META = {
  leaderboardPlacement: "below",
  navbarPlacement: "below",
  profilePopupPlacement: "below",
  leaderboardTarget: "user-avatar",
  navbarTarget: "avatar-image-container",
  profilePopupTarget: "profile-avatar",
} as const;

/** Name of the base style, and of the n-th added variant. */
export const BASE_VARIANT_NAME = "Style";
export const variantName = (n: number) => `Variante ${n}`;

/** Border opacity 0–1 (step 0.05) and background opacity 0–100. */
export const BORDER_OPACITY = { min: 0, max: 1, step: 0.05, default: 1 } as const;
export const BACKGROUND_OPACITY = { min: 0, max: 100, step: 1, default: 100 } as const;

/** Every French text of the item creator, server refusals included. */
export const ITEM_CREATOR_MESSAGES = {
  // Server answers.
  created: "Item créé.",
  updated: "Item mis à jour.",
  deleted: "Item supprimé.",
  colorCreated: "Couleur créée.",
  colorUpdated: "Couleur mise à jour.",
  colorDeleted: "Couleur supprimée.",
  itemNotFound: "Item introuvable.",
  fixedItemReadOnly: "Les items du catalogue fixe ne se modifient pas.",
  colorNotFound: "Couleur introuvable.",
  fixedColorReadOnly: "Les couleurs du catalogue fixe ne se modifient pas.",
  legacyIdNotNumeric: "Définis un ID (legacy) numérique.",
  legacyIdRange: "L'ID (legacy) doit être un entier entre 1 et 999999999.",
  legacyIdTaken: (id: number) => `legacyId déjà utilisé : ${id}.`,
  legacyIdLocked: (owners: number) =>
    `legacyId déjà utilisé par ${owners} compte${owners > 1 ? "s" : ""} qui possède${owners > 1 ? "nt" : ""} cet item : il ne peut plus changer.`,
  nameRequired: "Le nom est requis.",
  priceInvalid: "Le prix doit être un entier positif ou nul (100000 au plus).",
  colorIdInvalid: "L'identifiant de couleur est requis : lettres minuscules, chiffres et tirets (40 au plus).",
  colorIdTaken: (id: string) => `Identifiant de couleur déjà utilisé : ${id}.`,
  colorInvalid: "Couleur invalide : utilisez #RRGGBB, rgb() ou rgba().",
  gradientInvalid: "Dégradé invalide : utilisez linear-gradient(…) avec des couleurs #RRGGBB, rgb() ou rgba().",
  backgroundInvalid: (key: string) => `Fond « ${key} » invalide : une couleur, un linear-gradient(…) ou aucun.`,
  assetUnknown: (src: string) => `Asset introuvable : ${src}. Téléversez l'image d'abord.`,
  textOnlyNeedsText: (name: string) => `La variante « ${name} » est en texte seul : écrivez son texte.`,
  defaultTextRequired: "Le texte par défaut est coché : écrivez-le.",
  deleteOwned: (owners: number) =>
    `Suppression impossible : ${owners} compte${owners > 1 ? "s" : ""} possède${owners > 1 ? "nt" : ""} cet item. Retirez-le de la boutique (décochez « boutique quotidienne ») ou retirez-le d'abord des collections.`,
  deleteColorOwned: (owners: number) =>
    `Suppression impossible : ${owners} compte${owners > 1 ? "s" : ""} possède${owners > 1 ? "nt" : ""} cette couleur. Retirez-la de la boutique ou des collections d'abord.`,
  deleteInCodes: (codes: number) =>
    `Suppression impossible : ${codes} code${codes > 1 ? "s" : ""} cadeau le propose${codes > 1 ? "nt" : ""} encore. Supprimez ${codes > 1 ? "ces codes" : "ce code"} d'abord.`,
  uploadNone: "Aucun fichier reçu (champ « files »).",
  uploadTooMany: "10 fichiers maximum par envoi.",
  uploadTooBig: (name: string) => `Le fichier « ${name} » dépasse 2 Mo.`,
  uploadNotImage: (name: string) => `« ${name} » n'est pas une image PNG, JPEG, GIF, WebP ou SVG.`,
  uploadSvgUnsafe: (name: string) => `« ${name} » : SVG refusé, il contient du script, des liens ou des ressources externes.`,
  // Web texts of the creator (spec 3 §8).
  legacyIdBeforeTest: "Veuillez définir un ID (legacy) pour l'item avant le test.",
  legacyIdTakenHint: "ID déjà utilisé. Choisissez un autre legacyId.",
  createFailed: "Erreur création item",
  updateFailed: "Erreur mise à jour",
  colorSaveFailed: "Erreur enregistrement couleur",
  colorSaveException: "Erreur lors de l'enregistrement",
  uploadFailed: "Upload échoué",
  deleteFailed: "Suppression échouée",
  testAddFailed: "Impossible d'ajouter pour test.",
  testRemoveFailed: "Impossible de retirer.",
  weeklyTestAddFailed: "Impossible d'ajouter en test dans la boutique hebdo.",
  weeklyTestRemoveFailed: "Impossible de retirer l'item de la boutique hebdo.",
  replaceFailed: (detail: string) => `Erreur remplacement: ${detail}`,
  testAddError: "Erreur ajout test",
  testRemoveError: "Erreur retrait test",
  assetNotFound: "Asset introuvable.",
  selectAssetFirst: "Sélectionnez d'abord un asset.",
} as const;

/** The server message the web maps to `legacyIdTakenHint` (spec: "contains 'legacyId déjà utilisé'"). */
export const LEGACY_ID_TAKEN_MARKER = "legacyId déjà utilisé";
