import { Type, type Static } from "@sinclair/typebox";
import { ADMIN_BALANCE_MAX, ADMIN_MESSAGE_MAX } from "../constants/economy";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "../constants/limits";
import { ItemRef, PurchasedItem, UsersAdminCoinsBody } from "./economy";
import { IsoDate, Nullable, ok } from "./shared";
import { GroupSchema, RoleInputSchema, SecretQuestionInput, TrackSchema, YearSchema } from "./users";

// The admin area's users contract: lists, edit, delete, bulk actions, global gift, export,
// and the journal of admin writes. Factions administration lives with the social schemas.

const UserId = Type.String({ minLength: 1, maxLength: 100 });
const Balance = Type.Integer({ minimum: 0, maximum: ADMIN_BALANCE_MAX });
const AdminMessage = Type.String({ maxLength: ADMIN_MESSAGE_MAX });
/** At most this many users in one bulk action or gift (a whole school). */
export const ADMIN_BULK_MAX_USERS = 5000;
/** At most this many items or colours in one bulk action or gift. */
export const ADMIN_BULK_MAX_ITEMS = 100;
/** Coins of a global gift: negative takes away (never below 0), zero means no coins. */
export const GIFT_COINS_MIN = -100_000;
export const GIFT_COINS_MAX = 100_000;

/** One line of GET /users-admin: enough for pickers (username and role). */
export const AdminUserSummary = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  username: Type.String(),
  role: Type.String(),
  year: Type.String(),
  groupe: Type.String(),
});
export type AdminUserSummary = Static<typeof AdminUserSummary>;
export const AdminUserSummaryList = ok({ users: Type.Array(AdminUserSummary) });
export type AdminUserSummaryList = Static<typeof AdminUserSummaryList>;

/** One user as the admin area sees it (GET /users/admin, PUT /users/{id}). Never a hash or an answer. */
export const AdminUser = Type.Object({
  ...AdminUserSummary.properties,
  firstName: Type.String(),
  lastName: Type.String(),
  specialite: Type.String(),
  faction: Nullable(Type.String()),
  coins: Type.Integer(),
  leaderboardCoins: Type.Integer(),
  factionCoins: Type.Integer(),
  completedTasks: Type.Integer(),
  avatar: Nullable(Type.String()),
  avatarVersion: Type.Integer(),
  equippedItemId: Nullable(Type.Integer()),
  selectedBorderColor: Type.String(),
  /** true until the account chooses its own password (imported accounts). */
  mustChangePassword: Type.Boolean(),
  hasSecretQuestions: Type.Boolean(),
  /** When the person asked for the erasure of their account (the list shows « Effacer les données »); absent or null: never. */
  erasureRequestedAt: Type.Optional(Nullable(Type.String())),
  /** The ENT identities the account is tied to (provider id and label); absent for older servers. */
  ent: Type.Optional(Type.Array(Type.Object({ providerId: Type.String(), label: Type.String() }))),
  /** Set on a graduate deactivated by the rollover, with the date their account is erased. */
  deactivatedAt: Type.Optional(IsoDate),
  eraseAfter: Type.Optional(IsoDate),
  createdAt: IsoDate,
  purchasedItems: Type.Array(PurchasedItem),
});
export type AdminUser = Static<typeof AdminUser>;
export const AdminUserList = ok({ users: Type.Array(AdminUser) });
export type AdminUserList = Static<typeof AdminUserList>;

/**
 * PUT /users/{id}: any subset of the fields, or the secret questions (exactly 3 distinct).
 * An empty or absent password is not changed. Balances are set through the ledger.
 */
export const UpdateUserBody = Type.Object({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH * 2 })),
  password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH })),
  role: Type.Optional(RoleInputSchema),
  groupe: Type.Optional(Type.Union([GroupSchema, Type.Literal("")])),
  year: Type.Optional(Type.Union([YearSchema, Type.Literal("")])),
  specialite: Type.Optional(Type.Union([TrackSchema, Type.Literal("")])),
  firstName: Type.Optional(Type.String({ maxLength: 60 })),
  lastName: Type.Optional(Type.String({ maxLength: 60 })),
  coins: Type.Optional(Balance),
  leaderboardCoins: Type.Optional(Balance),
  factionCoins: Type.Optional(Balance),
  secretQuestions: Type.Optional(Type.Array(SecretQuestionInput, { maxItems: 3 })),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;
export const UserUpdatedResponse = ok({ message: Type.String(), user: AdminUser });
export type UserUpdatedResponse = Static<typeof UserUpdatedResponse>;

/** POST /users-admin `set-avatar-url`: stored as a URL, never fetched by the server. */
export const SetAvatarUrlAction = Type.Object({
  action: Type.Literal("set-avatar-url"),
  userId: UserId,
  avatar: Type.String({ minLength: 1, maxLength: 2000 }),
});

/** POST /users-admin: every action of the admin screens (balances, border colour, avatar URL). */
export const UsersAdminBody = Type.Union([...UsersAdminCoinsBody.anyOf, SetAvatarUrlAction]);
export type UsersAdminBody = Static<typeof UsersAdminBody>;

const Recipients = Type.Array(UserId, { maxItems: ADMIN_BULK_MAX_USERS });
const ItemRefs = Type.Array(ItemRef, { maxItems: ADMIN_BULK_MAX_ITEMS });
const ColorRefs = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: ADMIN_BULK_MAX_ITEMS });

/** POST /users-admin/bulk-give: items, dynamic items (negative ids) and colours to many users. */
export const BulkGiveBody = Type.Object({
  userIds: Recipients,
  items: Type.Optional(ItemRefs),
  colors: Type.Optional(ColorRefs),
  adminMessage: Type.Optional(AdminMessage),
});
export type BulkGiveBody = Static<typeof BulkGiveBody>;

/** POST /users-admin/bulk-remove. */
export const BulkRemoveBody = Type.Object({ userIds: Recipients, items: ItemRefs });
export type BulkRemoveBody = Static<typeof BulkRemoveBody>;

/** Counts of a bulk action, per (user, item) pair; the admin screen shows them as a summary. */
export const BulkSummary = Type.Object({
  /** Pairs given (bulk give, gift) or removed (bulk remove). */
  done: Type.Integer(),
  alreadyOwned: Type.Integer(),
  notOwned: Type.Integer(),
  failed: Type.Integer(),
  /** How many of `done` were dynamic items (negative ids) and border colours. */
  dynamicItems: Type.Integer(),
  borderColors: Type.Integer(),
  /** French reasons of the failures, at most 20 (e.g. "Planify ne peut pas être offert"). */
  failures: Type.Array(Type.String()),
});
export type BulkSummary = Static<typeof BulkSummary>;
export const BulkResponse = ok({ message: Type.String(), summary: BulkSummary });
export type BulkResponse = Static<typeof BulkResponse>;

/** POST /users-admin/gift: the global gift modal. `target: "all"` ignores `userIds`. */
export const GlobalGiftBody = Type.Object({
  target: Type.Union([Type.Literal("all"), Type.Literal("users")]),
  userIds: Type.Optional(Recipients),
  items: Type.Optional(ItemRefs),
  colors: Type.Optional(ColorRefs),
  coins: Type.Optional(Type.Integer({ minimum: GIFT_COINS_MIN, maximum: GIFT_COINS_MAX })),
  adminMessage: Type.Optional(AdminMessage),
});
export type GlobalGiftBody = Static<typeof GlobalGiftBody>;
export const GlobalGiftResponse = ok({
  message: Type.String(),
  recipients: Type.Integer(),
  summary: BulkSummary,
  /** Sum of the coins actually moved (a negative gift stops at 0 for each wallet). */
  coinsMoved: Type.Integer(),
});
export type GlobalGiftResponse = Static<typeof GlobalGiftResponse>;

/** One entry of the admin journal (append-only). */
export const JournalEntry = Type.Object({
  id: Type.Integer(),
  at: IsoDate,
  adminId: Type.String(),
  adminUsername: Type.String(),
  action: Type.String(),
  targetUserId: Nullable(Type.String()),
  targetUsername: Nullable(Type.String()),
  summary: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type JournalEntry = Static<typeof JournalEntry>;

/** GET /admin-journal query: filters and a cursor (entries older than `before`). */
export const JournalQuery = Type.Object({
  adminId: Type.Optional(Type.String({ maxLength: 100 })),
  /** Matches the target's id or a part of its username. */
  user: Type.Optional(Type.String({ maxLength: 100 })),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  /** Paris days, YYYY-MM-DD, inclusive. */
  from: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })),
  to: Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })),
  /** Journal entry id (digits); the server parses and bounds it. */
  before: Type.Optional(Type.String({ pattern: "^\\d{1,15}$" })),
  /** 1 to 200, default 50 (digits). */
  limit: Type.Optional(Type.String({ pattern: "^\\d{1,3}$" })),
});
export type JournalQuery = Static<typeof JournalQuery>;
export const JournalResponse = ok({
  entries: Type.Array(JournalEntry),
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: Nullable(Type.Integer()),
  /** Every action and admin ever recorded, for the filters. */
  actions: Type.Array(Type.String()),
  admins: Type.Array(Type.Object({ id: Type.String(), username: Type.String() })),
});
export type JournalResponse = Static<typeof JournalResponse>;

/** French labels of the journal's actions; unknown actions show as recorded. */
export const JOURNAL_ACTION_LABELS: Record<string, string> = {
  "user.create": "Compte créé",
  "holidays.create": "Vacances ajoutées",
  "holidays.update": "Vacances modifiées",
  "holidays.delete": "Vacances supprimées",
  "holidays.import": "Calendrier scolaire importé",
  "user.import": "Import de comptes",
  "user.reactivate": "Compte réactivé",
  "rollover.run": "Nouvelle année scolaire",
  "user.update": "Compte modifié",
  "user.delete": "Compte supprimé",
  "user.questions": "Questions secrètes",
  "session.revoke": "Appareil déconnecté",
  "session.revoke-others": "Autres appareils déconnectés",
  "user.avatar": "Avatar",
  "coins.set": "Solde modifié",
  "coins.gift": "Don de coins",
  "items.give": "Item offert",
  "items.remove": "Item retiré",
  "items.clear": "Items retirés",
  "items.bulk-give": "Don en masse",
  "items.bulk-remove": "Retrait en masse",
  "border.set": "Couleur de bordure",
  "gift.global": "Cadeau global",
  "shop.reroll": "Boutique renouvelée",
  "shop.edit": "Boutique du jour",
  "item.create": "Item créé",
  "item.update": "Item modifié",
  "item.delete": "Item supprimé",
  "item.upload": "Images d'item",
  "color.create": "Couleur créée",
  "color.update": "Couleur modifiée",
  "color.delete": "Couleur supprimée",
  "code.create": "Code créé",
  "code.delete": "Code supprimé",
  "popup.send": "Pop-up envoyé",
  "patch-note.create": "Note de mise à jour créée",
  "patch-note.update": "Note de mise à jour modifiée",
  "patch-note.delete": "Note de mise à jour supprimée",
  "subject.write": "Matière",
  "task.create": "Tâche créée",
  "task.update": "Tâche modifiée",
  "task.groups": "Groupes d'une tâche",
  "task.files": "Pièces jointes d'une tâche",
  "task.hard-delete": "Tâche supprimée",
  "proposal.validate": "Proposition de tâche validée",
  "proposal.reject": "Proposition de tâche refusée",
  "proposal.update": "Proposition de tâche modifiée",
  "proposal.files": "Pièces jointes d'une proposition",
  "proposal.delete": "Proposition de tâche supprimée",
  "user.proposals-block": "Propositions bloquées pour un compte",
  "user.proposals-unblock": "Propositions débloquées pour un compte",
  "hand-ins.override": "Délai ou dispense d'un étudiant",
  "hand-ins.reopen": "Dépôt rouvert",
  "hand-ins.feedback": "Correction (brouillon)",
  "hand-ins.returned": "Copie corrigée",
  "hand-ins.scale": "Barème d'une tâche",
  "hand-ins.publish": "Copies rendues",
  "hand-ins.nudge": "Retardataires relancés",
  "wheel.force-loss": "Roue : perte forcée",
  "faction.total": "Total de faction",
  "faction.notify": "Résultats de faction",
  "faction.reset": "Remise à zéro des factions",
  "faction.distribute": "Distribution de coins",
  "faction.price": "Prix de faction",
  "timetable.class-set": "Emploi du temps de classe",
  "timetable.class-remove": "Emploi du temps de classe retiré",
  "user.sso-untie": "Identité ENT déliée",
  "user.first-sign-in": "Profil choisi à la première connexion",
  "school.password-sign-in": "Connexion par mot de passe",
  "school.privacy": "Données personnelles (réglages)",
  "privacy.erasure-request": "Demande d'effacement",
  "privacy.retention": "Suppression des anciens devoirs",
  "sso.provider-create": "Fournisseur ENT ajouté",
  "sso.provider-update": "Fournisseur ENT modifié",
  "sso.provider-enable": "Fournisseur ENT activé ou désactivé",
  "sso.provider-delete": "Fournisseur ENT supprimé",
  "sso.refused": "Connexion ENT refusée",
};
