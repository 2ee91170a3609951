import { asc } from "drizzle-orm";
import { ROLE_LABELS, type Role } from "@planify/common/constants/roles";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { csvDownload, parisStamp } from "../../lib/csv";

const HEADER = [
  "Identifiant",
  "Prénom",
  "Nom",
  "Rôle",
  "Année",
  "Groupe",
  "Parcours",
  "Coins",
  "Coins classement",
  "Coins faction",
  "Faction",
  "Créé le",
];

/**
 * GET /users-admin/export: every account as CSV for French spreadsheets (UTF-8 with a BOM,
 * ';' between cells, dates in Paris time). Never a hash, an answer or a token.
 */
export async function exportUsers(deps: AppDeps): Promise<Response> {
  const rows = await deps.db.select().from(users).orderBy(asc(users.usernameKey));
  const name = `planify-utilisateurs-${parisDate(deps.now())}.csv`;
  return csvDownload(
    name,
    HEADER,
    rows.map((u) => [
      u.username,
      u.firstName,
      u.lastName,
      ROLE_LABELS[u.role as Role] ?? u.role,
      u.year,
      u.groupe,
      u.specialite,
      u.coins,
      u.leaderboardCoins,
      u.factionCoins,
      u.faction ?? "",
      parisStamp(Date.parse(u.createdAt)),
    ]),
  );
}
