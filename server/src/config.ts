import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { loadSsoConfig, type SsoSettings } from "./features/sso";
import { isPostgresUrl } from "./db/engine-choice";
import { s3SettingsFromEnv, type S3Settings } from "./lib/storage/s3";

/** Everything the server reads from its command line and environment. */
export interface Config {
  command: "serve" | "backup" | "restore" | "migrate" | "reset-password" | "help" | "version";
  file?: string;
  /** migrate: the PostgreSQL address the school moves to (--to), and where its files go (--files). */
  migrateTo?: string;
  migrateFiles?: "disque" | "s3";
  /** reset-password: the account, and whether the new password comes from standard input. */
  username?: string;
  stdin: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL address (--database-url / DATABASE_URL); null: the SQLite file of the data folder. */
  databaseUrl: string | null;
  /** Connections to PostgreSQL kept at most (PLANIFY_DB_POOL_MAX, default 10). */
  dbPoolMax: number;
  publicUrl: string | null;
  trustProxy: boolean;
  adminPassword: string | null;
  jwtSecret: string | null;
  demo: boolean;
  maxUploadBytes: number;
  smtpUrl: string | null;
  smtpFrom: string;
  contactTo: string | null;
  loginIpMax: number;
  /** Password hashes computed at once (PLANIFY_HASH_CONCURRENCY; null: cores − 1, at least 1). */
  hashConcurrency: number | null;
  /** Folder of nightly backups (null: no nightly backup). */
  backupDir: string | null;
  /** Seconds between two reminder scheduler ticks (PLANIFY_REMINDER_INTERVAL_SECONDS, default 60). */
  reminderIntervalSeconds: number;
  /**
   * Seconds a stopping node keeps serving while reporting "stopping" on its readiness check, so
   * the load balancer sends nothing new before it closes (PLANIFY_DRAIN_SECONDS, default 0).
   */
  drainSeconds: number;
  /**
   * Seconds a reminder send in flight belongs to the run that claimed it; past them any run sends
   * it again (PLANIFY_REMINDER_STALE_SECONDS, default 120: after a crash, the resend comes then).
   */
  reminderStaleSeconds: number;
  /**
   * How often live-update events older than 15 minutes are swept, in seconds (PLANIFY_LIVE_SWEEP_SECONDS,
   * default 300; a divisor of 60, or whole minutes dividing 60): a claimed job, run once across nodes.
   */
  liveSweepSeconds: number;
  /**
   * Start by taking over the server that holds the data folder, losing no request (--takeover /
   * PLANIFY_TAKEOVER=1, see takeover.ts); an ordinary start when nobody holds it.
   */
  takeover: boolean;
  /** Seconds a takeover waits for the old server to leave (PLANIFY_TAKEOVER_WAIT_SECONDS, default 60). */
  takeoverWaitSeconds: number;
  /** Push subscriptions may point at http://127.0.0.1 (PLANIFY_PUSH_ALLOW_LOCAL=1: tests only). */
  pushAllowLocal: boolean;
  /** Free space under which health answers 503 (PLANIFY_DISK_MIN_FREE_MB, default 500 MB). */
  diskMinFreeBytes: number;
  /** Upload quota of each non-staff account (PLANIFY_USER_QUOTA_MB, default 500 MB; 0: none). */
  userQuotaBytes: number;
  /** ENT sign-in providers from the file PLANIFY_SSO_CONFIG names (null: none). */
  sso: SsoSettings | null;
  /** The bucket uploaded files live in (S3_BUCKET and the other S3_* variables); null: the uploads folder. */
  s3: S3Settings | null;
}

export const HELP = `Planify — serveur (API, base de données et application web en un seul fichier)

Utilisation :
  planify-server [options]            démarre le serveur
  planify-server backup FICHIER       écrit une archive complète (base, fichiers déposés, secret,
                                      manifeste avec sommes de contrôle), serveur en marche ou non
  planify-server restore FICHIER      vérifie l'archive puis la remet dans le dossier de données
                                      (serveur arrêté ; l'existant est gardé dans
                                      avant-restauration-DATE/)
  planify-server migrate --to URL [--files disque|s3]
                                      déplace l'école du dossier des données (sa base SQLite,
                                      ouverte en lecture seule) dans une base PostgreSQL vide
                                      (serveur arrêté) ; les fichiers restent dans le dossier,
                                      ou avec --files s3 sont copiés dans le compartiment de
                                      S3_BUCKET (relus, SHA-256 vérifié)
  planify-server migrate --files s3   copie seulement les fichiers dans le compartiment ;
                                      l'école reste sur sa base SQLite
  planify-server --help | --version
  planify-server reset-password NOM   donne un nouveau mot de passe au compte NOM (affiché une fois ;
                                      lu sur l'entrée standard avec --stdin ou si elle n'est pas un
                                      terminal), ferme ses sessions et lève son blocage de connexion

Options (option de ligne de commande / variable d'environnement) :
  --port N              / PORT                     port d'écoute (défaut : 3000)
  --host ADRESSE        / PLANIFY_HOST             adresse d'écoute (défaut : 0.0.0.0)
  --data-dir DOSSIER    / PLANIFY_DATA_DIR         dossier des données : base, fichiers, secret
                                                   (défaut : ./planify-data)
  --database-url URL    / DATABASE_URL             base PostgreSQL (postgres://utilisateur:mot-de-passe@
                                                   hôte:5432/base, PostgreSQL 14 ou plus) au lieu du
                                                   fichier SQLite du dossier des données
                          PLANIFY_DB_POOL_MAX      connexions PostgreSQL ouvertes au plus (défaut : 10)
                          PLANIFY_REMINDER_STALE_SECONDS
                                                   secondes après lesquelles un rappel dont l'envoi
                                                   a été coupé (plantage) part de nouveau (défaut : 120)
                          PLANIFY_LIVE_SWEEP_SECONDS
                                                   fréquence, en secondes, du ménage des événements
                                                   en direct de plus de 15 min (défaut : 300 ; un
                                                   diviseur de 60, ou des minutes entières qui le sont)
                          PLANIFY_DRAIN_SECONDS    à l'arrêt, secondes pendant lesquelles le nœud sert
                                                   encore en se disant « stopping » sur
                                                   /api/health/ready (défaut : 0 ; 5 à 10 derrière un
                                                   répartiteur de charge)
  --backup-dir DOSSIER  / PLANIFY_BACKUP_DIR       sauvegarde chaque nuit à 03:30 (heure de Paris) dans
                                                   ce dossier ; garde 7 jours et 4 semaines (avant
                                                   une migration, sauvegarde aussi dans ce dossier,
                                                   sinon dans DOSSIER-DES-DONNÉES/backups)
  --demo                / PLANIFY_DEMO=1           crée l'école de démonstration sur une base neuve
  --takeover            / PLANIFY_TAKEOVER=1       redémarrage sans couper (mise à jour) : prend la
                                                   place du serveur en marche sur le même dossier de
                                                   données, à la même adresse et au même port ;
                                                   celui-ci finit ses requêtes et s'arrête, celles
                                                   arrivées entre-temps attendent le nouveau (démarre
                                                   normalement si aucun serveur ne tourne)
                          PLANIFY_TAKEOVER_WAIT_SECONDS
                                                   secondes laissées à l'ancien serveur pour partir
                                                   (défaut : 60 ; plus que son PLANIFY_DRAIN_SECONDS) ;
                                                   au-delà, le nouveau abandonne
                          PLANIFY_PUBLIC_URL       adresse publique (liens des e-mails)
                          PLANIFY_TRUST_PROXY=1    lit l'IP cliente dans X-Forwarded-For
                                                   (uniquement derrière un proxy de confiance)
                          PLANIFY_ADMIN_PASSWORD   mot de passe du compte admin créé au premier
                                                   démarrage (sinon tiré au hasard et affiché une fois)
                          PLANIFY_JWT_SECRET       secret de signature des sessions (sinon généré
                                                   et gardé dans le dossier des données)
                          PLANIFY_MAX_UPLOAD_MB    taille maximale d'un fichier déposé (défaut : 25)
                          PLANIFY_USER_QUOTA_MB    espace total des fichiers d'un compte élève
                                                   (dépôts, pièces jointes, avatar, musique ;
                                                   défaut : 500 ; 0 = sans limite)
                          PLANIFY_DISK_MIN_FREE_MB espace libre minimal du disque des données :
                                                   en dessous, /api/health répond 503 (défaut : 500)
                          PLANIFY_LOGIN_IP_MAX     connexions échouées tolérées par adresse IP en
                                                   15 minutes (défaut : 300, pour tout un
                                                   établissement derrière une seule adresse)
                          PLANIFY_HASH_CONCURRENCY mots de passe vérifiés en même temps (défaut :
                                                   nombre de cœurs moins un, au moins 1 ; le reste
                                                   attend son tour)
                          PLANIFY_SMTP_URL         serveur SMTP (smtp://utilisateur:mdp@hôte:587)
                          PLANIFY_SMTP_FROM        expéditeur des e-mails
                          PLANIFY_CONTACT_TO       destinataire des messages de contact
                          PLANIFY_REMINDER_INTERVAL_SECONDS  secondes entre deux passages des
                                                   rappels (défaut : 60)
                          S3_BUCKET                compartiment S3 (MinIO, Garage, Ceph, stockage objet
                                                   d'un hébergeur) où vont tous les fichiers déposés, au
                                                   lieu du dossier uploads/ ; avec S3_ENDPOINT (adresse
                                                   du service), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
                                                   et S3_REGION (si le service en demande une)
                          PLANIFY_SSO_CONFIG       fichier JSON des fournisseurs de connexion ENT
                                                   (CAS 3.0, OpenID Connect, SAML 2.0 ; secrets et
                                                   clés par champ …File ; absent : seuls ceux de
                                                   l'écran admin « Connexion ENT » ; voir le README)

Chaque secret peut aussi être lu dans un fichier (secrets Docker, identifiants systemd) :
  PLANIFY_JWT_SECRET_FILE, PLANIFY_ADMIN_PASSWORD_FILE, PLANIFY_SMTP_URL_FILE
  (le contenu du fichier, sans le saut de ligne final ; X et X_FILE ne vont pas ensemble)
`;

/** A size setting in megabytes: zero or more, `fallback` when unset. */
function megabytes(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name] ?? String(fallback);
  const value = Number(text);
  if (!text.trim() || !Number.isFinite(value) || value < 0)
    throw new Error(`${name} invalide (un nombre de mégaoctets, 0 ou plus, est attendu).`);
  return value;
}

/** A signing secret shorter than this is refused (HS256 wants at least 256 bits). */
export const JWT_SECRET_MIN_LENGTH = 32;

/** node:util parseArgs with its English errors turned into French ones. */
function parseFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "data-dir": { type: "string" },
        "database-url": { type: "string" },
        "backup-dir": { type: "string" },
        to: { type: "string" },
        files: { type: "string" },
        demo: { type: "boolean" },
        takeover: { type: "boolean" },
        stdin: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const option = text.match(/'(-[^' ]+)/)?.[1] ?? "";
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new Error(`Option inconnue : ${option}. Voir --help.`);
    if (/does not take an argument/.test(text)) throw new Error(`L'option ${option} ne prend pas de valeur. Voir --help.`);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new Error(`L'option ${option} attend une valeur. Voir --help.`);
    throw new Error("Ligne de commande invalide. Voir --help.");
  }
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|oui|on)$/i.test(v.trim());

/** A secret from `name`, or from the file `name_FILE` points to (without its final newline). */
function secretSetting(env: Record<string, string | undefined>, name: string): string | null {
  const path = env[`${name}_FILE`];
  if (!path) return env[name] || null;
  if (env[name]) throw new Error(`${name} et ${name}_FILE sont tous deux définis : gardez-en un seul.`);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === "ENOENT"
        ? "fichier introuvable"
        : code === "EACCES"
          ? "accès refusé"
          : code === "EISDIR"
            ? "c'est un dossier"
            : "lecture impossible";
    throw new Error(`${name}_FILE : impossible de lire ${path} (${why}).`);
  }
  const value = text.replace(/[\r\n]+$/, "");
  if (!value) throw new Error(`${name}_FILE : le fichier ${path} est vide.`);
  return value;
}

const usesBucket = (command: Config["command"], files: string | undefined) =>
  command === "serve" || command === "backup" || command === "restore" || (command === "migrate" && files === "s3");

/** migrate's --to (required, postgres://) and --files; refused on any other command. */
function migrateOptions(
  command: Config["command"],
  to: string | undefined,
  files: string | undefined,
): Pick<Config, "migrateTo" | "migrateFiles"> {
  if (command !== "migrate") {
    if (to !== undefined || files !== undefined) throw new Error("--to et --files ne servent qu'à planify-server migrate. Voir --help.");
    return {};
  }
  // Without --to, only the files move to the bucket (--files s3): the school stays on its SQLite file.
  if (!to && files === "s3") return { migrateFiles: "s3" };
  if (!to) throw new Error("planify-server migrate : indiquez la base PostgreSQL de destination avec --to postgres://… Voir --help.");
  if (!isPostgresUrl(to)) throw new Error("--to invalide : une adresse postgres://utilisateur:mot-de-passe@hôte:5432/base est attendue.");
  if (files !== undefined && files !== "disque" && files !== "s3") throw new Error(`--files ${files} : valeur inconnue (disque ou s3).`);
  return { migrateTo: to, migrateFiles: (files ?? "disque") as "disque" | "s3" };
}

/** Parses flags (which win) and environment variables into a Config. Throws on bad input. */
export function loadConfig(argv: string[], env: Record<string, string | undefined> = process.env): Config {
  const { values, positionals } = parseFlags(argv);
  let command: Config["command"] = "serve";
  let file: string | undefined;
  let username: string | undefined;
  if (values.help) command = "help";
  else if (values.version) command = "version";
  else if (positionals.length > 0) {
    const [cmd, arg, ...rest] = positionals;
    if (cmd === "migrate" && positionals.length === 1) command = cmd;
    else if ((cmd !== "backup" && cmd !== "restore" && cmd !== "reset-password") || !arg || rest.length > 0) {
      throw new Error(`Commande inconnue : ${positionals.join(" ")}. Voir --help.`);
    } else {
      command = cmd;
      if (cmd === "reset-password") username = arg;
      else file = resolve(arg);
    }
  }
  const migration = migrateOptions(command, values.to, values.files);
  const portText = values.port ?? env.PORT ?? "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText.trim()) || !Number.isInteger(port) || port > 65535) {
    throw new Error(`Port invalide : ${portText} (un nombre entre 0 et 65535 est attendu).`);
  }
  const jwtSecret = secretSetting(env, "PLANIFY_JWT_SECRET");
  if (jwtSecret !== null && jwtSecret.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(`PLANIFY_JWT_SECRET doit contenir au moins ${JWT_SECRET_MIN_LENGTH} caractères.`);
  }
  const maxMb = Number(env.PLANIFY_MAX_UPLOAD_MB ?? "25");
  if (!Number.isFinite(maxMb) || maxMb <= 0)
    throw new Error("PLANIFY_MAX_UPLOAD_MB invalide (un nombre de mégaoctets positif est attendu).");
  const quotaMb = megabytes(env, "PLANIFY_USER_QUOTA_MB", 500);
  const diskMinMb = megabytes(env, "PLANIFY_DISK_MIN_FREE_MB", 500);
  const ipMaxText = env.PLANIFY_LOGIN_IP_MAX ?? "300";
  const loginIpMax = Number(ipMaxText);
  if (!/^\d+$/.test(ipMaxText.trim()) || loginIpMax < 1)
    throw new Error("PLANIFY_LOGIN_IP_MAX invalide (un nombre entier positif est attendu).");
  const hashText = env.PLANIFY_HASH_CONCURRENCY;
  const hashConcurrency = hashText ? Number(hashText) : null;
  if (hashText && (!/^\d+$/.test(hashText.trim()) || hashConcurrency! < 1 || hashConcurrency! > 256)) {
    throw new Error("PLANIFY_HASH_CONCURRENCY invalide (un nombre entier entre 1 et 256 est attendu).");
  }
  const backupDir = values["backup-dir"] ?? env.PLANIFY_BACKUP_DIR;
  const databaseUrl = (values["database-url"] ?? env.DATABASE_URL)?.trim() || null;
  if (databaseUrl && !isPostgresUrl(databaseUrl)) {
    throw new Error(
      "DATABASE_URL invalide : une adresse postgres://utilisateur:mot-de-passe@hôte:5432/base est attendue (sans elle, Planify garde sa base SQLite dans le dossier des données).",
    );
  }
  const dbPoolMax = wholeNumber(env, "PLANIFY_DB_POOL_MAX", 10, [1, 200], "de connexions");
  const reminderIntervalSeconds = wholeNumber(env, "PLANIFY_REMINDER_INTERVAL_SECONDS", 60, [1, 3600], "de secondes");
  const drainSeconds = wholeNumber(env, "PLANIFY_DRAIN_SECONDS", 0, [0, 120], "de secondes");
  const reminderStaleSeconds = wholeNumber(env, "PLANIFY_REMINDER_STALE_SECONDS", 120, [1, 3600], "de secondes");
  const liveSweepSeconds = wholeNumber(env, "PLANIFY_LIVE_SWEEP_SECONDS", 300, [1, 3600], "de secondes");
  if (!sweepCron(liveSweepSeconds))
    throw new Error(
      `PLANIFY_LIVE_SWEEP_SECONDS invalide : ${liveSweepSeconds}. Donnez un diviseur de 60 (1, 2, 5, 10, 15, 20, 30) ou des minutes entières qui divisent 60 (60, 120, 300, 600, 900, 1200, 1800, 3600).`,
    );
  const takeoverWaitSeconds = wholeNumber(env, "PLANIFY_TAKEOVER_WAIT_SECONDS", 60, [1, 600], "de secondes");
  return {
    command,
    file,
    ...migration,
    username,
    stdin: values.stdin ?? false,
    port,
    host: values.host ?? env.PLANIFY_HOST ?? "0.0.0.0",
    dataDir: resolve(values["data-dir"] ?? env.PLANIFY_DATA_DIR ?? "./planify-data"),
    databaseUrl,
    dbPoolMax,
    publicUrl: env.PLANIFY_PUBLIC_URL || null,
    trustProxy: truthy(env.PLANIFY_TRUST_PROXY),
    adminPassword: secretSetting(env, "PLANIFY_ADMIN_PASSWORD"),
    jwtSecret,
    demo: values.demo ?? truthy(env.PLANIFY_DEMO),
    maxUploadBytes: Math.round(maxMb * 1024 * 1024),
    smtpUrl: secretSetting(env, "PLANIFY_SMTP_URL"),
    smtpFrom: env.PLANIFY_SMTP_FROM || "Planify <no-reply@planify.local>",
    contactTo: env.PLANIFY_CONTACT_TO || null,
    loginIpMax,
    hashConcurrency,
    backupDir: backupDir ? resolve(backupDir) : null,
    reminderIntervalSeconds,
    drainSeconds,
    reminderStaleSeconds,
    liveSweepSeconds,
    takeover: values.takeover ?? truthy(env.PLANIFY_TAKEOVER),
    takeoverWaitSeconds,
    pushAllowLocal: truthy(env.PLANIFY_PUSH_ALLOW_LOCAL),
    diskMinFreeBytes: Math.round(diskMinMb * 1024 * 1024),
    userQuotaBytes: Math.round(quotaMb * 1024 * 1024),
    sso: command === "serve" ? loadSsoConfig(env.PLANIFY_SSO_CONFIG) : null,
    // The bucket serves, is backed up and restored; a migration reads it only to move files there.
    s3: usesBucket(command, migration.migrateFiles) ? s3SettingsFromEnv(env) : null,
  };
}

/** The whole number of env[name] within [min, max] (`fallback` when unset), or the French refusal. */
function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  [min, max]: [number, number],
  unit: string,
): number {
  const text = env[name] ?? String(fallback);
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max)
    throw new Error(`${name} invalide (un nombre entier ${unit} entre ${min} et ${max} est attendu).`);
  return value;
}

/** The cron of a sweep every `seconds` (croner, seconds field first), or null when it does not divide the minute or the hour evenly. */
export function sweepCron(seconds: number): string | null {
  if (seconds < 60) return 60 % seconds === 0 ? `*/${seconds} * * * * *` : null;
  const minutes = seconds / 60;
  if (!Number.isInteger(minutes) || 60 % minutes !== 0) return null;
  return minutes === 60 ? "0 0 * * * *" : `0 */${minutes} * * * *`;
}
