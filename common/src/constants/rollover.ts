/**
 * « Nouvelle année scolaire » (the rollover): the rules both sides share. Students move up a
 * year (BUT1 → BUT2 → BUT3), repeating students stay, BUT3 graduates are deactivated and
 * erased after a delay, class tasks are archived with the year closed.
 */
import type { Year } from "./school";

/** The year a promoted student moves to; BUT3 graduates (null). */
export const NEXT_YEAR: Record<Year, Year | null> = { BUT1: "BUT2", BUT2: "BUT3", BUT3: null };

/** Most usernames one rollover may name as repeating (a whole school). */
export const ROLLOVER_REPEATING_MAX = 3000;

/** What a rollover changes, counted (preview and result). */
export interface RolloverCounts {
  promotedBut1: number;
  promotedBut2: number;
  repeating: number;
  graduatesDeactivated: number;
  tasksArchived: number;
  groupsReset: number;
}

/** French labels of the counts, in the order the wizard shows them. */
export const ROLLOVER_COUNT_LABELS: Record<keyof RolloverCounts, string> = {
  promotedBut1: "Passent de BUT1 en BUT2",
  promotedBut2: "Passent de BUT2 en BUT3",
  repeating: "Redoublent (restent dans leur année)",
  graduatesDeactivated: "Diplômés désactivés (BUT3)",
  tasksArchived: "Tâches de classe archivées",
  groupsReset: "Groupes et parcours remis à zéro",
};

export const ROLLOVER_MESSAGES = {
  badYear: "Année scolaire invalide : écris-la comme « 2025-2026 ».",
  unknownUsernames: (names: string[]) =>
    `Identifiant${names.length > 1 ? "s" : ""} inconnu${names.length > 1 ? "s" : ""} parmi les redoublants : ${names.join(", ")}. Rien n'a été modifié.`,
  notStudents: (names: string[]) => `Seuls des étudiants peuvent redoubler : ${names.join(", ")}. Rien n'a été modifié.`,
  alreadyDone: (year: string, when: string, by: string) =>
    `L'année ${year} a déjà été clôturée le ${when} par ${by} : rien n'a été modifié. Pour revenir en arrière, restaurez la sauvegarde prise avant.`,
  running: "Une clôture d'année est déjà en cours : attends qu'elle se termine.",
  backupFailed: (why: string) => `Sauvegarde impossible avant la clôture : rien n'a été modifié. ${why}`,
  noBackupFolder: "Le serveur ne sait pas où écrire la sauvegarde : rien n'a été modifié.",
  done: (year: string) => `Année ${year} clôturée.`,
  reactivated: "Compte réactivé.",
  notDeactivated: "Ce compte n'est pas désactivé.",
} as const;

const USERNAME_HEADINGS = ["username", "identifiant", "login", "nom d'utilisateur", "utilisateur"];

/**
 * Usernames read from a CSV (one per line; « ; », « , » or tab separated columns): the column
 * headed username / identifiant / login when the first line names one, else the first column.
 * Quotes and blanks are dropped, duplicates kept once, in file order.
 */
export function parseUsernameCsv(text: string): string[] {
  const rows = text
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\n|\r/)
    .map((line) =>
      line.split(/[;,\t]/).map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, "$1")
          .trim(),
      ),
    );
  const heading = rows[0]?.findIndex((cell) => USERNAME_HEADINGS.includes(cell.toLowerCase())) ?? -1;
  const column = Math.max(heading, 0);
  const names = (heading >= 0 ? rows.slice(1) : rows).map((row) => row[column] ?? "").filter((name) => name !== "");
  return [...new Set(names)];
}
