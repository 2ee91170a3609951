import { Type, type Static } from "@sinclair/typebox";
import { missingMessage, ok } from "./shared";

/** The most favourites one account keeps; a longer list is cut (the catalogue is far smaller). */
export const FAVORITES_MAX = 200;

/** French messages of the favourites routes. */
export const FAVORITES_MESSAGES = {
  malformed: "La liste de favoris est invalide : envoie { favorites: [numéros d'items] }.",
  unknownItem: "Article introuvable.",
  tooMany: `Tu as déjà ${FAVORITES_MAX} favoris : retires-en un avant d'en ajouter un autre.`,
} as const;

/**
 * PUT /coins/favorites: the whole list, as the original client sends it. Numbers or numeric
 * strings; anything else, an unknown item or a duplicate is dropped silently (the original
 * dropped non-numbers the same way). The array itself is required.
 */
export const FavoritesBody = Type.Object({
  favorites: Type.Array(Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null(), Type.Boolean()]), {
    maxItems: 1000,
    ...missingMessage(FAVORITES_MESSAGES.malformed),
  }),
});
export type FavoritesBody = Static<typeof FavoritesBody>;

/** POST/DELETE /coins/favorites/:itemId: an item number (catalogue, colour or created item). */
export const FavoriteParams = Type.Object({ itemId: Type.String({ maxLength: 12, pattern: "^-?\\d{1,11}$" }) });

/** Every favourites answer: the account's list of item numbers, oldest first. */
export const FavoritesResponse = ok({ favorites: Type.Array(Type.Integer()) });
export type FavoritesResponse = Static<typeof FavoritesResponse>;
