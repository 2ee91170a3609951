import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { existsSync } from "node:fs";
import * as schema from "./db/schema";
import { sqliteEngine } from "./db/client";
import type { AppDeps } from "./deps";
import { applyNewPassword, assertPasswordStrength, findUserByUsername, hashPassword } from "./features/auth/service";

// `planify-server reset-password NAME`: for the day the only admin is locked out. It works on
// the database file directly, with the server stopped or running (WAL lets both write; the
// running server reads the token version on every request, so old sessions die at once).

/** No 0/O, 1/l/I: a password read aloud or copied from paper is typed right the first time. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A strong password people can read: four groups of five (about 99 bits of entropy). */
export function readablePassword(): string {
  const chars: string[] = [];
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % ALPHABET.length);
  while (chars.length < 20) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && chars.length < 20) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join("")).join("-");
}

/** The password given on standard input: one line, its final newline dropped. */
export function passwordFromInput(text: string): string {
  const line = text.replace(/\r?\n$/, "");
  if (/[\r\n]/.test(line)) throw new Error("Une seule ligne est attendue sur l'entrée standard (le mot de passe).");
  return line;
}

/**
 * Sets a new password for `username` in the database at `dbPath`, closes every session of
 * the account (token version bump), cancels its recovery grants and clears its login
 * throttling. Throws in French for a missing database, an unknown user or a weak password.
 */
export async function resetPasswordInDatabase(dbPath: string, username: string, password: string, now = Date.now()): Promise<string> {
  assertPasswordStrength(password);
  if (!existsSync(dbPath))
    throw new Error(`Aucune base trouvée : ${dbPath} (vérifiez --data-dir ou PLANIFY_DATA_DIR). Rien n'a été modifié.`);
  const sqlite = new Database(dbPath, { create: false, strict: true });
  try {
    sqlite.exec("PRAGMA busy_timeout = 10000");
    sqlite.exec("PRAGMA foreign_keys = ON");
    // The engine over this connection, without openDatabase's migrations: an old database is
    // refused below rather than upgraded under a running server. The finally block closes it.
    const engine = sqliteEngine(sqlite, drizzle({ client: sqlite, schema }), () => {});
    const db = engine.db;
    // findUserByUsername only reads `db`; the rest of the app's deps has no meaning here.
    const user = await findUserByUsername({ db, engine } as AppDeps, username);
    if (!user) throw new Error(`Utilisateur inconnu : « ${username} ». Rien n'a été modifié.`);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => await applyNewPassword(tx, user, passwordHash, now));
    return user.username;
  } catch (error) {
    if (error instanceof Error && /no such (table|column)/.test(error.message)) {
      throw new Error(`Cette base n'est pas une base Planify à jour (${error.message}) : démarrez une fois le serveur, puis recommencez.`);
    }
    throw error;
  } finally {
    sqlite.close();
  }
}

/**
 * The command. The password comes from standard input with --stdin, or when input is piped
 * in (an empty pipe, such as /dev/null, still draws one); otherwise one is drawn and shown once.
 */
export async function resetPasswordCommand(
  dbPath: string,
  username: string,
  opts: { stdin: boolean; input?: () => Promise<string>; isTty?: boolean; print?: (line: string) => void },
): Promise<void> {
  const print = opts.print ?? console.log;
  const piped = opts.stdin || !(opts.isTty ?? process.stdin.isTTY);
  const given = piped ? passwordFromInput(await (opts.input ?? (() => Bun.stdin.text()))()) : "";
  if (opts.stdin && !given) throw new Error("Aucun mot de passe reçu sur l'entrée standard. Rien n'a été modifié.");
  const password = given || readablePassword();
  const name = await resetPasswordInDatabase(dbPath, username, password);
  if (given) print(`Mot de passe de « ${name} » changé.`);
  else {
    print(`Nouveau mot de passe de « ${name} » : ${password}`);
    print("(affiché une seule fois : notez-le et transmettez-le de façon sûre)");
  }
  print("Ses sessions ouvertes sont fermées et son blocage de connexion est levé.");
}
