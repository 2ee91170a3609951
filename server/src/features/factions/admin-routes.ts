import { Elysia } from "elysia";
import {
  FactionDistributeBody,
  FactionDistributeResponse,
  FactionNotifyResponse,
  FactionPriceBody,
  FactionPriceResponse,
  FactionResetResponse,
  FactionTotalBody,
  FactionTotalResponse,
} from "@planify/common/schemas/factions-admin";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { distributeToFaction, notifyFactionResults, resetFactions, setFactionPriceMultiplier, setFactionTotal } from "./admin";

/** The admin calls of the factions section, mounted under /factions (admins only; a prof gets 403). */
export const factionsAdminRoutes = (deps: AppDeps) =>
  new Elysia()
    .use(authPlugin(deps))
    .post(
      "/total-coins",
      async ({ user, body }) => ({ success: true as const, ...(await setFactionTotal(deps, user, body.name, body.totalCoins)) }),
      {
        auth: ["admin"],
        body: FactionTotalBody,
        response: replies({ 200: FactionTotalResponse }),
        detail: {
          summary: "Fixer le total d'une faction",
          description:
            "Admin. Fixe le total de coins de la saison d'une faction (≥ 0 ; « Bagna » désigne Bagnat). Inscrit au journal (faction.total).",
        },
      },
    )
    .post("/notify-results", async ({ user }) => ({ success: true as const, ...(await notifyFactionResults(deps, user)) }), {
      auth: ["admin"],
      response: replies({ 200: FactionNotifyResponse }),
      detail: {
        summary: "Envoyer les résultats des factions",
        description:
          "Admin. Met en file un pop-up de résultat (gagnant, perdant ou égalité, d'après les totaux actuels) pour chaque membre des deux factions. Aucun coin n'est versé. Inscrit au journal (faction.notify).",
      },
    })
    .post("/reset", async ({ user }) => ({ success: true as const, ...(await resetFactions(deps, user)) }), {
      auth: ["admin"],
      response: replies({ 200: FactionResetResponse }),
      detail: {
        summary: "Remettre les factions à zéro",
        description:
          "Admin. Remet à 0 les coins de faction de chaque compte (une ligne de registre par compte concerné) et les deux totaux. Portefeuilles et classement inchangés. Inscrit au journal (faction.reset).",
      },
    })
    .post("/distribute", async ({ user, body }) => ({ success: true as const, ...(await distributeToFaction(deps, user, body)) }), {
      auth: ["admin"],
      body: FactionDistributeBody,
      response: replies({ 200: FactionDistributeResponse }),
      detail: {
        summary: "Distribuer des coins aux membres d'une faction",
        description:
          "Admin. Verse le même nombre de coins (1 à 100 000) au portefeuille de chaque membre de la faction, par le registre, avec un pop-up et le message facultatif. Les coins de classement et de faction ne bougent pas. Inscrit au journal (faction.distribute).",
      },
    })
    .post(
      "/price-multiplier",
      async ({ user, body }) => ({
        success: true as const,
        ...(await setFactionPriceMultiplier(deps, user, body.name, body.priceMultiplier)),
      }),
      {
        auth: ["admin"],
        body: FactionPriceBody,
        response: replies({ 200: FactionPriceResponse }),
        detail: {
          summary: "Fixer le multiplicateur de prix d'une faction",
          description:
            "Admin. Les membres de la faction paient en boutique le prix du catalogue × ce multiplicateur (0,5 à 3, par pas de 0,05 ; défaut 1), arrondi à la pièce la plus proche (demi vers le haut). Sans faction : ×1. Rendu dans priceByFaction de /factions/leaderboard. Inscrit au journal (faction.price).",
        },
      },
    );
