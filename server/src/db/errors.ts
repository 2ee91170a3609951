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
