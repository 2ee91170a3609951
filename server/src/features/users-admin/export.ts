import { asc } from "drizzle-orm";
import { ROLE_LABELS, type Role } from "@planify/common/constants/roles";
import { parisDate, parisParts } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { downloadHeaders } from "../../lib/files";

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

/** One CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function parisStamp(iso: string): string {
  const p = parisParts(Date.parse(iso));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * GET /users-admin/export: every account as CSV for French spreadsheets (UTF-8 with a BOM,
 * ';' between cells, dates in Paris time). Never a hash, an answer or a token.
 */
export async function exportUsers(deps: AppDeps): Promise<Response> {
  const rows = await deps.db.select().from(users).orderBy(asc(users.usernameKey));
  const lines = [HEADER.join(";")];
  for (const u of rows) {
    lines.push(
      [
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
        parisStamp(u.createdAt),
      ]
        .map(cell)
        .join(";"),
    );
  }
  const name = `planify-utilisateurs-${parisDate(deps.now())}.csv`;
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: downloadHeaders(name, "text/csv; charset=utf-8"),
  });
}
