// Database errors, told apart the same way on both engines. drizzle wraps a driver's error in
// its own (the driver's is its `cause`); SQLite names errors by code ("SQLITE_CONSTRAINT_UNIQUE"),
// PostgreSQL by SQLSTATE ("23505", Bun puts it in `errno`).

interface DriverError {
  code?: string;
  errno?: string | number;
  message?: string;
  constraint?: string;
  cause?: unknown;
}

/** The driver's own error under drizzle's wrapping (or the error itself). */
export function driverError(error: unknown): DriverError {
  let e = error as DriverError | undefined;
  for (let depth = 0; depth < 5 && e && typeof e === "object" && e.cause && !e.errno && !e.code?.startsWith("SQLITE_"); depth++) {
    e = e.cause as DriverError;
  }
  return (e && typeof e === "object" ? e : {}) as DriverError;
}

const sqlState = (error: unknown): string | undefined => {
  const e = driverError(error);
  return typeof e.errno === "string" ? e.errno : undefined;
};

/** A unique index or primary key refused the write (`name`: the index or constraint it names, when given). */
export function isUniqueViolation(error: unknown, name?: string): boolean {
  const e = driverError(error);
  if (
    e.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed/.test(e.message ?? "")
  ) {
    return name === undefined || (e.message ?? "").includes(name);
  }
  if (sqlState(error) === "23505") return name === undefined || e.constraint === name || (e.message ?? "").includes(name);
  return false;
}

/** PostgreSQL gave up a transaction that may simply be run again (serialization failure, deadlock). */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return state === "40001" || state === "40P01";
}

// A lost connection (PostgreSQL restarted, failed over, or a backend cut by
// pg_terminate_backend). Bun.SQL names its own failures by `code` (ERR_POSTGRES_…, on a
// PostgresError); the server's by SQLSTATE: class 08 (connection exception), 57P01–57P03
// (admin/crash shutdown, cannot connect now). Socket codes (ECONNRESET…) count only on a
// PostgresError: the same codes from the mail server or an ENT are not the database's.

/** Failures that prove the statement never reached PostgreSQL: no connection was made. */
const NOT_CONNECTED_CODES = new Set([
  "ERR_POSTGRES_CONNECTION_REFUSED",
  "ERR_POSTGRES_CONNECTION_FAILED",
  "ERR_POSTGRES_CONNECTION_TIMEOUT",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** SQLSTATEs answered before any statement ran: the server refused the connection itself. */
const NOT_CONNECTED_STATES = new Set(["57P03", "08001", "08004"]);
/** Failures of a connection that was open: a statement sent on it may or may not have run. */
const LOST_CODES = new Set([
  "ERR_POSTGRES_CONNECTION_CLOSED",
  "ERR_POSTGRES_IDLE_TIMEOUT",
  "ERR_POSTGRES_LIFETIME_TIMEOUT",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);
const LOST_STATES = new Set(["57P01", "57P02", "08000", "08003", "08006", "08007"]);

/** Bun.SQL's own code of a PostgreSQL client failure ("" for any other error). */
function clientCode(error: unknown): string {
  const e = driverError(error) as DriverError & { name?: string };
  return e.name === "PostgresError" || e.code?.startsWith("ERR_POSTGRES_") ? (e.code ?? "") : "";
}

/** PostgreSQL could not be reached at all: nothing the statement asked was done. */
export function isNotConnected(error: unknown): boolean {
  return NOT_CONNECTED_CODES.has(clientCode(error)) || NOT_CONNECTED_STATES.has(sqlState(error) ?? "");
}

/** The connection to PostgreSQL failed or was lost (including never made: see isNotConnected). */
export function isConnectionLost(error: unknown): boolean {
  return isNotConnected(error) || LOST_CODES.has(clientCode(error)) || LOST_STATES.has(sqlState(error) ?? "");
}
