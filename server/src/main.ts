import pkg from "../../package.json";
import { HELP, loadConfig, type Config } from "./config";
import { openDatabase } from "./db/client";
import { createApp } from "./app";
import type { AppDeps } from "./deps";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataPaths, ensureAdmin, ensureDir, loadJwtKey } from "./bootstrap";
import { backupCommand, restoreCommand } from "./backup/commands";
import { backupBeforeMigrations, startNightlyBackups } from "./backup/automatic";
import { seedDemo } from "./demo/seed";
import { smtpMailer } from "./lib/mailer";
import { WEB_ASSETS } from "./static/web-assets.generated";
import { sweepUploadsAtStart } from "./features/tasks/files-service";
import { referencedItemAssets } from "./features/item-creator/assets";
import { referencedProfileMedia } from "./features/profiles/media-store";
import { resetPasswordCommand } from "./reset-password";
import { loadVapidKeys } from "./features/reminders/vapid";
import { runReminderTick } from "./features/reminders/dispatch";
import { startScheduler } from "./scheduler";

const SHUTDOWN_GRACE_MS = 10_000;

function log(level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...extra });
  (level === "error" ? console.error : console.log)(line);
}

async function serve(config: Config) {
  const paths = dataPaths(config.dataDir);
  ensureDir(config.dataDir);
  ensureDir(paths.uploads);
  const backups = { dataDir: config.dataDir, backupDir: config.backupDir, version: pkg.version, secretFromEnv: Boolean(config.jwtSecret), log };
  await backupBeforeMigrations(backups);
  const handle = openDatabase(paths.db);
  writeFileSync(paths.pid, String(process.pid));
  const deps: AppDeps = {
    db: handle.db,
    sqlite: handle.sqlite,
    settings: {
      trustProxy: config.trustProxy,
      maxUploadBytes: config.maxUploadBytes,
      publicUrl: config.publicUrl,
      contactTo: config.contactTo,
      version: pkg.version,
      loginIpMax: config.loginIpMax,
      allowLocalPush: config.pushAllowLocal,
    },
    jwtKey: loadJwtKey(paths.secret, config.jwtSecret),
    uploadsDir: paths.uploads,
    desktopDir: join(config.dataDir, "desktop"),
    now: Date.now,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.smtpFrom) : null,
    vapid: loadVapidKeys(paths.vapid, config.publicUrl),
    log,
    instanceId: "main",
  };
  if (config.smtpUrl && !config.contactTo) log("warn", "PLANIFY_SMTP_URL is set without PLANIFY_CONTACT_TO: contact messages are stored, not mailed");
  if (config.smtpUrl && !config.publicUrl) log("warn", "PLANIFY_SMTP_URL is set without PLANIFY_PUBLIC_URL: reminder addresses cannot be confirmed (the link needs the public address), so no reminder is mailed");
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
  await sweepUploadsAtStart(deps, new Map([...(await referencedProfileMedia(deps)), ...referencedItemAssets(deps)]));
  if (config.demo && (await seedDemo(deps))) console.log("  École de démonstration créée (voir le README pour les comptes).");
  if (Object.keys(WEB_ASSETS).length === 0) log("warn", "web app not built: only the API is served");

  const app = createApp(deps, WEB_ASSETS);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    // Stop accepting connections; in-flight requests finish before the promise resolves.
    // A client that never finishes its request is cut off after a grace period.
    const graceful = app.server?.stop(false) ?? Promise.resolve();
    const timer = setTimeout(() => void app.server?.stop(true), SHUTDOWN_GRACE_MS);
    await graceful;
    clearTimeout(timer);
    handle.close();
    rmSync(paths.pid, { force: true });
    log("info", "stopped", { signal });
    process.exit(0);
  };
  // Handlers go in before the "prêt" line so a signal sent right after it is handled.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: config.maxUploadBytes * 10 + 1024 * 1024 });
  } catch {
    handle.close();
    rmSync(paths.pid, { force: true });
    throw new Error(`Impossible d'écouter sur ${config.host}:${config.port} (port déjà utilisé ?). Choisissez-en un autre avec --port ou PORT.`);
  }
  const port = app.server?.port ?? config.port;
  console.log(`  Planify ${pkg.version} est prêt : http://localhost:${port}`);
  console.log(`  Données : ${config.dataDir}`);
  if (config.backupDir) startNightlyBackups({ ...backups, backupDir: config.backupDir });
  const scheduler = startScheduler(
    [{ name: "reminders", everyMs: config.reminderIntervalSeconds * 1000, firstAfterMs: 1000, run: () => runReminderTick(deps, scheduler.runId) }],
    log,
  );
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
      return backupCommand({ dataDir: config.dataDir, file: config.file!, version: pkg.version, secretFromEnv: Boolean(config.jwtSecret) });
    case "restore":
      return restoreCommand({ dataDir: config.dataDir, file: config.file!, version: pkg.version });
    default:
      await serve(config);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
