import type { Db } from "./db/client";
import type { Engine } from "./db/engine";
import type { Mailer } from "./lib/mailer";
import type { VapidKeys } from "./features/reminders/vapid";
import type { PersonalTaskSource } from "./features/tasks";
import type { SsoSettings } from "./features/sso";
import type { Storage } from "./lib/storage";

/** Settings the running app needs (a subset of Config, so tests can build one cheaply). */
export interface AppSettings {
  trustProxy: boolean;
  maxUploadBytes: number;
  publicUrl: string | null;
  contactTo: string | null;
  version: string;
  /** Failed logins per address per 15 minutes (PLANIFY_LOGIN_IP_MAX); a default when absent. */
  loginIpMax?: number;
  /** Lets students' timetable addresses reach private networks (tests serve calendars on loopback). */
  allowPrivateCalendarHosts?: boolean;
  /** Lets push subscriptions point at http://127.0.0.1 (tests' stand-in push service; PLANIFY_PUSH_ALLOW_LOCAL=1). */
  allowLocalPush?: boolean;
  /** Below this many free bytes on the data folder's disk, health answers 503 (PLANIFY_DISK_MIN_FREE_MB); absent: 0. */
  diskMinFreeBytes?: number;
  /** Most bytes one non-staff account may upload in all (PLANIFY_USER_QUOTA_MB); absent or 0: no quota. */
  userQuotaBytes?: number;
  /** true when nightly backups run (PLANIFY_BACKUP_DIR): the privacy notice states their rotation. */
  nightlyBackups?: boolean;
}

/** Everything createApp needs; built by main.ts or by the test helpers. */
export interface AppDeps {
  db: Db;
  /** The engine under `db` (SQLite or PostgreSQL): transactions, raw statements, the write stamp. */
  engine: Engine;
  settings: AppSettings;
  /** HS256 signing key for session tokens. */
  jwtKey: Uint8Array;
  /** Folder for uploaded files (never served as a public folder). */
  uploadsDir: string;
  /** Where uploaded files live: the uploads folder (diskStorage(uploadsDir)) or an S3 bucket (lib/storage). */
  storage: Storage;
  /** Planify Desktop installers and version feed served under /desktop/ (absent: none). */
  desktopDir?: string;
  /** Current time in ms; injectable for tests of expiry and day boundaries. */
  now: () => number;
  mailer: Mailer | null;
  /** Web Push keys (kept in the data folder); absent: reminders go only to desktop and e-mail. */
  vapid?: VapidKeys;
  log: (level: "info" | "warn" | "error", message: string, extra?: Record<string, unknown>) => void;
  /** Replaces every route's body timeout (tests of slow bodies); unset in production. */
  bodyTimeoutMs?: number;
  /** Distinguishes app instances so Elysia plugin de-duplication stays per app. */
  instanceId: string;
  /** Personal tasks as the task list reads them; createApp sets it (personal-tasks implements what tasks owns). */
  personalTasks?: PersonalTaskSource;
  /** Where the rollover writes its backup first (main.ts: the data folder and the backup folder); absent: the rollover is refused. */
  backup?: { dataDir: string; dir: string; secretFromEnv: boolean; databaseUrl?: string | null };
  /** ENT sign-in providers (PLANIFY_SSO_CONFIG); absent: no ENT sign-in. */
  sso?: SsoSettings;
  /** How old a reminder claim in flight must be before any run sends it again (default: dispatch.ts STALE_MS). */
  reminderStaleMs?: number;
  /** Set by main.ts when the process was asked to stop: readiness then answers 503 `stopping`. */
  lifecycle?: { stopping: boolean };
}
