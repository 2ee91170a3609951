import { Type, type Static } from "@sinclair/typebox";
import { FACTIONS } from "../constants/school";
import { PUBLIC_NOTE_MAX } from "../constants/social";
import { THEMES } from "../constants/school";
import { literalUnion } from "./literal-union";
import { IsoDate, Nullable, ok } from "./shared";

const Int = Type.Integer();

/**
 * What any avatar needs to be drawn with its equipped item and border (the same renderer
 * as the top bar): carried by every leaderboard row and podium entry.
 */
export const avatarFields = {
  id: Type.String(),
  _id: Type.String(),
  username: Type.String(),
  role: Type.String(),
  year: Type.String(),
  faction: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  avatarVersion: Int,
  equippedItemId: Nullable(Int),
  /** Composite colour id (colour:discordVariant:jojoVariant). */
  selectedBorderColor: Type.String(),
  dynamicItemVariants: Type.Record(Type.String(), Int),
};

export const FactionSchema = literalUnion(FACTIONS);

// ---------------------------------------------------------------- leaderboards

export const LEADERBOARD_SORTS = ["coins", "tasks"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export const LeaderboardQuery = Type.Object({
  /** coins: leaderboardCoins of the season (default); tasks: completed tasks. */
  sort: Type.Optional(literalUnion(LEADERBOARD_SORTS)),
  ts: Type.Optional(Type.String({ maxLength: 30 })),
});

/** One ranked user. Equal values share a rank (1, 2, 2, 4); ties are listed by username. */
export const LeaderboardUser = Type.Object({
  ...avatarFields,
  leaderboardCoins: Int,
  /** The same coins of the month (season) under the name older clients read; not the balance. */
  coins: Int,
  completedTasks: Int,
  rank: Int,
});
export type LeaderboardUser = Static<typeof LeaderboardUser>;

/** GET /users/leaderboard: the top 100 and the caller's own row (null when not ranked). */
export const LeaderboardResponse = ok({
  sort: literalUnion(LEADERBOARD_SORTS),
  users: Type.Array(LeaderboardUser),
  me: Nullable(LeaderboardUser),
  /** Number of ranked users. */
  total: Int,
  /** Whether the caller takes part (professors opt in; admins never do). */
  leaderboardEnabled: Type.Boolean(),
});
export type LeaderboardResponse = Static<typeof LeaderboardResponse>;

export const LeaderboardToggleBody = Type.Object({ enabled: Type.Boolean() });
export const LeaderboardToggleResponse = ok({
  message: Type.String(),
  leaderboardEnabled: Type.Boolean(),
  user: Type.Object({ id: Type.String(), _id: Type.String(), leaderboardEnabled: Type.Boolean() }),
});
export type LeaderboardToggleResponse = Static<typeof LeaderboardToggleResponse>;

// ---------------------------------------------------------------- factions and seasons

/** A faction member as the faction boards show them. */
export const FactionRankedUser = Type.Object({
  ...avatarFields,
  /** The user's faction coins of the season (also `displayCoins`, `coinsForLeaderboard`). */
  coins: Int,
  factionCoins: Int,
  displayCoins: Int,
  coinsForLeaderboard: Int,
  rank: Int,
});
export type FactionRankedUser = Static<typeof FactionRankedUser>;

export const FactionSummary = Type.Object({ name: FactionSchema, totalCoins: Int, membersCount: Int });
export type FactionSummary = Static<typeof FactionSummary>;

export const FactionLeaderboardQuery = Type.Object({ ts: Type.Optional(Type.String({ maxLength: 30 })) });

/** GET /factions/leaderboard. `bagnaTopUsers` repeats `bagnatTopUsers` for the admin area. */
export const FactionLeaderboardResponse = ok({
  factions: Type.Array(FactionSummary),
  bagnatTopUsers: Type.Array(FactionRankedUser),
  bagnaTopUsers: Type.Array(FactionRankedUser),
  fermierTopUsers: Type.Array(FactionRankedUser),
  currentUserBagnat: Nullable(FactionRankedUser),
  currentUserFermier: Nullable(FactionRankedUser),
  /** The caller's faction (null: none yet). */
  myFaction: Nullable(FactionSchema),
  /** Display multiplier per faction set by admins (default 1). */
  priceByFaction: Type.Record(Type.String(), Type.Number()),
  /** Cost of switching for the caller: 0 for a first join. */
  switchCost: Int,
  season: Type.Object({ month: Type.String({ description: "YYYY-MM (Paris)" }), endsAt: IsoDate }),
  leaderboardNeedsRefresh: Type.Boolean(),
});
export type FactionLeaderboardResponse = Static<typeof FactionLeaderboardResponse>;

/** POST /factions/join. "Bagna" (the factions page's spelling) is read as Bagnat. */
export const FactionJoinBody = Type.Object({ faction: Type.String({ maxLength: 30 }) });
export const FactionJoinResponse = ok({
  message: Type.String(),
  faction: FactionSchema,
  coins: Int,
  leaderboardCoins: Int,
  factionCoins: Int,
  /** Coins charged by this join (0 or 200). */
  cost: Int,
});
export type FactionJoinResponse = Static<typeof FactionJoinResponse>;

export const PodiumEntry = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  avatar: Nullable(Type.String()),
  avatarVersion: Int,
  value: Int,
  rank: Int,
});
export type PodiumEntry = Static<typeof PodiumEntry>;

/** A closed season: totals, the winner (null: a tie) and the top 3 of each board. */
export const ClosedSeason = Type.Object({
  month: Type.String({ description: "YYYY-MM (Paris)" }),
  closedAt: IsoDate,
  totals: Type.Object({ Bagnat: Int, Fermier: Int }),
  winner: Nullable(FactionSchema),
  podiums: Type.Object({
    coins: Type.Array(PodiumEntry),
    tasks: Type.Array(PodiumEntry),
    Bagnat: Type.Array(PodiumEntry),
    Fermier: Type.Array(PodiumEntry),
  }),
});
export type ClosedSeason = Static<typeof ClosedSeason>;

/** GET /factions/seasons: closed seasons, newest first. */
export const SeasonHistoryResponse = ok({ seasons: Type.Array(ClosedSeason) });
export type SeasonHistoryResponse = Static<typeof SeasonHistoryResponse>;

// ---------------------------------------------------------------- profile settings

export const ThemeSchema = literalUnion(THEMES);
export const ThemeBody = Type.Object({
  theme: ThemeSchema,
  /** Dark theme tuning in percent (defaults 100 and 95). */
  darkBrightness: Type.Optional(Type.Integer({ minimum: 50, maximum: 150 })),
  darkContrast: Type.Optional(Type.Integer({ minimum: 50, maximum: 150 })),
});
export type ThemeBody = Static<typeof ThemeBody>;
export const ThemeResponse = ok({ theme: ThemeSchema, darkBrightness: Int, darkContrast: Int });
export type ThemeResponse = Static<typeof ThemeResponse>;

/** PUT /users/me/public-note: longer text is cut to 60 characters, not refused. */
export const PublicNoteBody = Type.Object({ publicNote: Type.String({ maxLength: PUBLIC_NOTE_MAX * 20 }) });
export const PublicNoteResponse = ok({ message: Type.String(), publicNote: Type.String() });
export type PublicNoteResponse = Static<typeof PublicNoteResponse>;

/** An avatar crop: the square's centre in percent of the uncropped picture, and the zoom (1 to 3). */
export const AvatarCropSchema = Type.Object({ xPercent: Type.Number(), yPercent: Type.Number(), scale: Type.Number() });

/**
 * POST /users/upload-avatar (multipart): `avatar` the picture to show (the 512 px crop, or a
 * GIF as it is); optionally `source`, the uncropped picture, and `crop`, a JSON AvatarCrop
 * checked by avatarCropProblem (common/rules/avatar-crop), so the cropper can reopen there.
 */
export const AvatarUploadResponse = ok({
  message: Type.String(),
  avatar: Type.String(),
  avatarVersion: Int,
  avatarUpdatedAt: IsoDate,
  /** The stored crop (null: a GIF, or a picture sent without its source). */
  avatarCrop: Nullable(AvatarCropSchema),
});
export type AvatarUploadResponse = Static<typeof AvatarUploadResponse>;

export const MusicUploadResponse = ok({
  message: Type.String(),
  musicSrc: Type.String(),
  musicTitle: Type.String(),
  musicStartSeconds: Int,
  musicDurationSeconds: Int,
});
export type MusicUploadResponse = Static<typeof MusicUploadResponse>;

// ---------------------------------------------------------------- patch notes

export const PatchNote = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  title: Type.String(),
  version: Type.String(),
  /** Sanitised on the server before it is stored. */
  html: Type.String(),
  notify: Type.Boolean(),
  published: Type.Boolean(),
  /** When the note was published (drafts: when written). The About list sorts on it. */
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type PatchNote = Static<typeof PatchNote>;

export const PatchNoteBody = Type.Object({
  title: Type.String({ maxLength: 200 }),
  version: Type.Optional(Type.String({ maxLength: 60 })),
  html: Type.String({ maxLength: 1_000_000 }),
  notify: Type.Optional(Type.Boolean()),
  published: Type.Optional(Type.Boolean()),
});
export type PatchNoteBody = Static<typeof PatchNoteBody>;

export const PatchNoteListResponse = ok({ notes: Type.Array(PatchNote) });
export type PatchNoteListResponse = Static<typeof PatchNoteListResponse>;
export const PatchNoteResponse = ok({ note: PatchNote });
export type PatchNoteResponse = Static<typeof PatchNoteResponse>;
export const PatchNoteSavedResponse = ok({ message: Type.String(), note: PatchNote });
export type PatchNoteSavedResponse = Static<typeof PatchNoteSavedResponse>;
export const PatchNoteLatestMetaResponse = ok({
  latest: Nullable(Type.Object({ id: Type.String(), createdAt: IsoDate, notify: Type.Boolean() })),
});
export type PatchNoteLatestMetaResponse = Static<typeof PatchNoteLatestMetaResponse>;
