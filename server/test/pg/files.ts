// The server test files that also run on PostgreSQL (vitest project server-pg). A file joins
// when its own database access is awaited (no SQLite-only `.get()`/`.all()`/`.run()`, no
// `deps.db.$client`); PLANIFY_PG_ALL=1 runs every file there to see how far the rest is.
export const PG_TEST_FILES = ["server/src/features/codes/codes.test.ts", "server/src/features/codes/expiry*.test.ts"];
