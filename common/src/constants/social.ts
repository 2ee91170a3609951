/** Social-game constants (factions, seasons, leaderboards, profiles, patch notes), shared by server and web. */

/** Switching to the other faction costs this many coins; the first join is free. */
export const FACTION_SWITCH_COST = 200;
/** End of a season: every member of the winning faction gets this… */
export const SEASON_WIN_REWARD = 200;
/** …and every member of the other faction this (a tie pays nobody). */
export const SEASON_LOSE_REWARD = 80;
/** Rows of a leaderboard (the caller's own row is added when outside). */
export const LEADERBOARD_SIZE = 100;
/** Users kept on each podium of a closed season. */
export const PODIUM_SIZE = 3;

/** Public note: cut to this many characters. */
export const PUBLIC_NOTE_MAX = 60;
/** Avatar upload (png, jpeg, webp, gif by content). */
export const AVATAR_MAX_BYTES = 30 * 1024 * 1024;
/** Cropped avatars are exported as a square JPEG of this side at this quality. */
export const AVATAR_EXPORT_SIZE = 512;
export const AVATAR_EXPORT_QUALITY = 0.92;
export const AVATAR_ZOOM_MAX = 4;
/** Profile music (MP3 by content). */
export const MUSIC_MAX_BYTES = 10 * 1024 * 1024;
export const MUSIC_TITLE_MAX = 120;
export const MUSIC_VOLUME_DEFAULT = 60;
/** The public note is re-read this often while logged in (and on window focus). */
export const PUBLIC_NOTE_POLL_MS = 5_000;
/** An item tried on in the navbar stays this long. */
export const NAVBAR_PREVIEW_MS = 90_000;

/** Patch notes. */
export const PATCH_NOTE_TITLE_MAX = 120;
export const PATCH_NOTE_VERSION_MAX = 30;
export const PATCH_NOTE_HTML_MAX = 1_000_000;

/** French messages of the social game, shown by the web app and answered by the server. */
export const SOCIAL_MESSAGES = {
  factionUnknown: "Faction inconnue.",
  factionAlreadyMember: "Tu fais déjà partie de cette faction.",
  factionSwitchTooPoor: `Il te faut ${FACTION_SWITCH_COST} coins pour changer de faction.`,
  factionJoinFailed: "Échec de l’adhésion à la faction",
  factionJoinError: "Erreur lors de la demande d’adhésion",
  leaderboardToggleFailed: "Impossible de mettre à jour le paramètre du leaderboard.",
  noteSaved: "Note enregistrée.",
  noteError: "Erreur lors de l'enregistrement.",
  avatarTooBig: "Le fichier est trop volumineux. Taille maximale : 30MB",
  avatarNotImage: "Veuillez sélectionner une image",
  avatarSaved: "Avatar mis à jour avec succès !",
  avatarGifSaved: "Avatar GIF mis à jour avec succès !",
  avatarError: "Erreur lors de la mise à jour de l'avatar",
  cropperError: "Impossible d'ouvrir l'éditeur de recadrage.",
  musicNotMp3: "Veuillez sélectionner un fichier MP3.",
  musicTooBig: "Le fichier dépasse 10 Mo.",
  musicNeedsLogin: "Vous devez être connecté.",
  musicSaved: "Musique de profil mise à jour !",
  musicError: "Erreur lors de l’upload du MP3.",
  musicBadClip: "Le début de l'extrait doit précéder sa fin (1 seconde au moins).",
  patchNotesEmpty: "Aucune mise à jour pour le moment.",
} as const;

/** Shop price multiplier per faction, set by admins: bounds, step and default. */
export const PRICE_MULTIPLIER_MIN = 0.5;
export const PRICE_MULTIPLIER_MAX = 3;
export const PRICE_MULTIPLIER_STEP = 0.05;
export const PRICE_MULTIPLIER_DEFAULT = 1;
export const PRICE_MULTIPLIER_MESSAGES = {
  notANumber: "Le multiplicateur de prix doit être un nombre.",
  outOfRange: "Le multiplicateur de prix doit être compris entre 0,5 et 3.",
  notAStep: "Le multiplicateur de prix va par pas de 0,05 (par exemple 1,25).",
} as const;

/** Avatar crop as stored: the centre of the square in percent of the picture, and the zoom. */
export const AVATAR_CROP_SCALE_MIN = 1;
export const AVATAR_CROP_SCALE_MAX = 3;
export const AVATAR_CROP_MESSAGES = {
  invalid: "Le recadrage de l'avatar est illisible.",
  position: "La position du recadrage doit être comprise entre 0 et 100 %.",
  scale: "Le zoom enregistré du recadrage doit être compris entre 1 et 3.",
  needsSource: "Le recadrage de l'avatar s'envoie avec l'image d'origine.",
  noSource: "Aucune image d'origine n'est gardée pour cet avatar : choisis une nouvelle image.",
} as const;
/** The uncropped picture kept for reopening the cropper: at most this many pixels a side. */
export const AVATAR_SOURCE_MAX_SIDE = 2048;
