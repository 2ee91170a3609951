import pkg from "../../package.json";
import { HELP, loadConfig, sweepCron, type Config } from "./config";
import "./db/engine-choice";
import { openDatabase, type DatabaseHandle, type Db } from "./db/client";
import type { Engine } from "./db/engine";
import { openPostgres } from "./db/postgres";
import { createApp } from "./app";
import type { AppDeps, AppSettings } from "./deps";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { dataPaths, ensureAdmin, loadJwtKey } from "./bootstrap";
import type { DataLock } from "./data-lock";
import { cannotListen, corruptDatabase, prepareDataDir, redactedUrl, unreachablePostgres, unwritableDatabase } from "./startup-errors";
import { openStorage } from "./lib/storage/open";
import type { Storage } from "./lib/storage";
import { backupCommand, restoreCommand } from "./backup/commands";
import { automaticBackupDir, backupBeforeMigrations, nightlyBackupJob } from "./backup/automatic";
import { seedDemo } from "./demo/seed";
import { migrateCommand } from "./migrate/school";
import { smtpMailer } from "./lib/mailer";
import { configureHashLimit } from "./lib/password-work";
import { WEB_ASSETS } from "./static/web-assets.generated";
import { sweepUploadsAtStart } from "./features/tasks/files-service";
import { referencedItemAssets } from "./features/item-creator/assets";
import { referencedProfileMedia } from "./lib/profile-media";
import { referencedProposalFiles } from "./features/proposals";
import { resetPasswordCommand } from "./reset-password";
import { loadVapidKeys } from "./features/reminders/vapid";
import { runReminderTick } from "./features/reminders/dispatch";
import { type Job, type Scheduler, startScheduler } from "./scheduler";
import { jobRunStore } from "./lib/job-runs";
import { systemClock } from "./lib/clock";
import { RETENTION_CRON, runDailyPrivacyJob } from "./features/privacy";
import { purgeExpiredSessions } from "./lib/sessions";
import { stopLive, sweepLiveEvents } from "./lib/live";
import { listenerBodyLimit } from "./plugins/body-rules";
import { closeConnectionsWhenStopping, KEEP_ALIVE_NOTICE_MS } from "./plugins/graceful-close";
import { type HoldingListener, listenApp, type ListenOptions } from "./listener";
import { takeOver } from "./takeover";

const SHUTDOWN_GRACE_MS = 10_000;
/** How long a node's claim on a timed job holds without renewal (see scheduler.ts). */
const JOB_LEASE_MS = 120_000;

function log(level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...extra });
  (level === "error" ? console.error : console.log)(line);
}

async function serve(config: Config) {
  const paths = dataPaths(config.dataDir);
  // Bun's body ceiling depends on the upload limit only (body-rules.ts).
  const maxRequestBodySize = listenerBodyLimit({ maxUploadBytes: config.maxUploadBytes } as AppSettings);
  const listen: ListenOptions = { host: config.host, port: config.port, maxRequestBodySize };
  // Refused here if another server holds the folder (taken from it with --takeover); the lock dies with this process.
  const { lock, holding } = config.takeover ? await takeOver(config, listen, log) : { lock: prepareDataDir(config.dataDir), holding: null };
  let handle: ServerData | null = null;
  try {
    // First: the backup before a migration reads the files from it.
    const storage = await openStorage(config.s3, paths.uploads);
    handle = await openData(config, paths.db, storage);
    await startServing(config, lock, handle, storage, listen, holding);
  } catch (error) {
    try {
      await holding?.fail();
      await handle?.close();
    } finally {
      lock.release();
    }
    throw error;
  }
}

/** What the server runs on: SQLite's file or PostgreSQL. */
interface ServerData {
  engine: Engine;
  db: Db;
  close(): void | Promise<void>;
}

/**
 * The database: PostgreSQL when DATABASE_URL names one, else the
 * SQLite file after the automatic pre-migration backup; a damaged file, one this user may not
 * write, or a PostgreSQL out of reach is told in French with the way out.
 */
async function openData(config: Config, dbFile: string, storage: Storage): Promise<ServerData> {
  if (config.databaseUrl) {
    try {
      return await openPostgres({ url: config.databaseUrl, poolMax: config.dbPoolMax });
    } catch (error) {
      throw unreachablePostgres(config.databaseUrl, error);
    }
  }
  try {
    await backupBeforeMigrations(backupOptions(config, storage));
    return writableDatabase(dbFile);
  } catch (error) {
    throw corruptDatabase(dbFile, error) ?? unwritableDatabase(dbFile, error) ?? error;
  }
}

/**
 * SQLite opens a file it may not write read-only without a word, and a database with nothing to
 * migrate is not written at start: one write, undone (BEGIN IMMEDIATE alone passes in WAL mode),
 * finds it out now rather than at the first login.
 */
function writableDatabase(dbFile: string): DatabaseHandle {
  const handle = openDatabase(dbFile);
  const { sqlite } = handle;
  try {
    // SQLite file: a probe of the file itself, before any request.
    const { user_version } = sqlite.query<{ user_version: number }, []>("PRAGMA user_version").get()!;
    sqlite.exec("BEGIN IMMEDIATE");
    try {
      sqlite.exec(`PRAGMA user_version = ${Number(user_version)}`);
    } finally {
      sqlite.exec("ROLLBACK");
    }
    return handle;
  } catch (error) {
    // Not handle.close(): its checkpoint would write too.
    sqlite.close();
    throw error;
  }
}

const backupOptions = (config: Config, storage: Storage) => ({
  dataDir: config.dataDir,
  backupDir: config.backupDir,
  version: pkg.version,
  secretFromEnv: Boolean(config.jwtSecret),
  databaseUrl: config.databaseUrl,
  storage,
  log,
});

async function startServing(
  config: Config,
  lock: DataLock,
  handle: ServerData,
  storage: Storage,
  listen: ListenOptions,
  holding: HoldingListener | null,
) {
  const paths = dataPaths(config.dataDir);
  const hashes = configureHashLimit(config.hashConcurrency);
  // Read by /api/health: set when the process is asked to stop (shutdown below).
  const lifecycle = { stopping: false };
  const deps: AppDeps = {
    db: handle.db,
    engine: handle.engine,
    settings: {
      trustProxy: config.trustProxy,
      maxUploadBytes: config.maxUploadBytes,
      publicUrl: config.publicUrl,
      contactTo: config.contactTo,
      version: pkg.version,
      loginIpMax: config.loginIpMax,
      allowLocalPush: config.pushAllowLocal,
      diskMinFreeBytes: config.diskMinFreeBytes,
      userQuotaBytes: config.userQuotaBytes,
      nightlyBackups: config.backupDir !== null,
    },
    jwtKey: loadJwtKey(paths.secret, config.jwtSecret),
    uploadsDir: paths.uploads,
    storage,
    desktopDir: join(config.dataDir, "desktop"),
    now: Date.now,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : null,
    vapid: loadVapidKeys(paths.vapid, config.publicUrl),
    sso: config.sso ?? undefined,
    // The rollover's backup first: the same archive on both engines (a snapshot of PostgreSQL there).
    backup: {
      dataDir: config.dataDir,
      dir: automaticBackupDir(backupOptions(config, storage)),
      secretFromEnv: Boolean(config.jwtSecret),
      databaseUrl: config.databaseUrl,
    },
    log,
    instanceId: "main",
    lifecycle,
    reminderStaleMs: config.reminderStaleSeconds * 1000,
  };
  log("info", "password hashing limited", { atOnce: hashes.concurrency, queueMax: hashes.queueMax });
  if (config.smtpUrl && !config.contactTo)
    log("warn", "PLANIFY_SMTP_URL is set without PLANIFY_CONTACT_TO: contact messages are stored, not mailed");
  if (config.smtpUrl && !config.publicUrl)
    log(
      "warn",
      "PLANIFY_SMTP_URL is set without PLANIFY_PUBLIC_URL: reminder addresses cannot be confirmed (the link needs the public address), so no reminder is mailed",
    );
  const admin = await ensureAdmin(deps, config.adminPassword).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Création du compte admin impossible : ${reason}${config.adminPassword ? " (PLANIFY_ADMIN_PASSWORD)" : ""}`);
  });
  if (admin.generated) {
    console.log(`\n  Compte administrateur créé : admin / ${admin.generated}`);
    console.log("  (ce mot de passe ne sera plus affiché ; notez-le)\n");
  } else if (admin.created) {
    console.log("\n  Compte administrateur créé : admin (mot de passe de PLANIFY_ADMIN_PASSWORD)\n");
  }
  await sweepUploadsAtStart(
    deps,
    new Map([...(await referencedProfileMedia(deps)), ...(await referencedItemAssets(deps)), ...(await referencedProposalFiles(deps))]),
  );
  if (config.demo && (await seedDemo(deps))) console.log("  École de démonstration créée (voir le README pour les comptes).");
  if (Object.keys(WEB_ASSETS).length === 0) log("warn", "web app not built: only the API is served");

  const app = createApp(deps, WEB_ASSETS);
  closeConnectionsWhenStopping(app, lifecycle);
  // Started once the server listens; stopped first on shutdown, so no timed job starts meanwhile.
  let scheduler: Scheduler | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    // Not ready from now on (/api/health answers 503 "stopping"): a load balancer sends nothing
    // new, while this node still serves what comes for PLANIFY_DRAIN_SECONDS.
    lifecycle.stopping = true;
    // Live streams end now: their apps resume on another node (or on this one once it is back).
    await stopLive(handle.engine);
    // A job cut short here is taken over by another node (or this one's next start) once its lease ends.
    scheduler?.stop();
    // Meanwhile answers end their keep-alive connection (graceful-close.ts), so clients reconnect
    // (to a server taking over, if any) before the idle connections are closed.
    await Bun.sleep(Math.max(config.drainSeconds * 1000, KEEP_ALIVE_NOTICE_MS));
    // Stop accepting connections; in-flight requests finish before the promise resolves.
    // A client that never finishes its request is cut off after a grace period.
    const graceful = app.server?.stop(false) ?? Promise.resolve();
    const timer = setTimeout(() => void app.server?.stop(true), SHUTDOWN_GRACE_MS);
    await graceful;
    clearTimeout(timer);
    await handle.close();
    lock.release();
    log("info", "stopped", { signal });
    process.exit(0);
  };
  // Handlers go in before the "prêt" line so a signal sent right after it is handled.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  let port: number;
  try {
    // The port is shared (SO_REUSEPORT) for a takeover, once checked free (listener.ts).
    port = listenApp(app, listen, holding);
  } catch (error) {
    throw cannotListen(config.host, config.port, error);
  }
  // From now on a server started with --takeover may ask this one to leave (takeover.ts).
  lock.announce({ host: config.host, port });
  console.log(`  Planify ${pkg.version} est prêt : http://localhost:${port}`);
  console.log(`  Données : ${config.dataDir}`);
  if (config.databaseUrl) console.log(`  Base : PostgreSQL ${redactedUrl(config.databaseUrl)}`);
  if (config.s3)
    console.log(`  Fichiers : compartiment S3 « ${config.s3.bucket} »${config.s3.endpoint ? ` sur ${config.s3.endpoint}` : ""}`);
  const runId = randomUUID();
  const jobs: Job[] = [
    {
      name: "reminders",
      everySeconds: config.reminderIntervalSeconds,
      firstAfterMs: 1000,
      run: () => runReminderTick(deps, runId),
    },
    { name: "privacy", cron: RETENTION_CRON, run: () => runDailyPrivacyJob(deps) },
    // « Mes appareils »: sessions whose token has expired leave the table once a day.
    { name: "sessions-purge", cron: "20 4 * * *", run: async () => purgeExpiredSessions(deps) },
    // Live events older than a resumable gap (15 min) go.
    { name: "live-events-sweep", cron: sweepCron(config.liveSweepSeconds)!, run: () => sweepLiveEvents(handle.engine, Date.now()) },
  ];
  if (config.backupDir) jobs.push(nightlyBackupJob({ ...backupOptions(config, storage), backupDir: config.backupDir }));
  // Cron jobs run once across the nodes sharing the database (job_runs); the lease is renewed
  // every 40 s while a job runs, so a node that dies hands its run over about 2 minutes later.
  if (!stopping) scheduler = startScheduler(jobs, log, systemClock, runId, { store: jobRunStore(deps.db), leaseMs: JOB_LEASE_MS });
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error("Voir planify-server --help");
    process.exit(2);
  }
  const paths = dataPaths(config.dataDir);
  switch (config.command) {
    case "help":
      console.log(HELP);
      return;
    case "version":
      console.log(pkg.version);
      return;
    case "reset-password":
      await resetPasswordCommand(paths.db, config.username!, { stdin: config.stdin });
      return;
    case "backup":
      return backupCommand({
        dataDir: config.dataDir,
        file: config.file!,
        version: pkg.version,
        secretFromEnv: Boolean(config.jwtSecret),
        databaseUrl: config.databaseUrl,
        s3: config.s3,
      });
    case "restore":
      return restoreCommand({
        dataDir: config.dataDir,
        file: config.file!,
        version: pkg.version,
        databaseUrl: config.databaseUrl,
        s3: config.s3,
      });
    case "migrate":
      return migrateCommand({
        dataDir: config.dataDir,
        to: config.migrateTo,
        files: config.migrateFiles!,
        s3: config.s3,
        version: pkg.version,
      });
    default:
      await serve(config);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
