// The server's one caching mechanism: Memo (values dropped on the next write to the database
// and/or at an instant), memoOf (where every cache lives), the write stamp they watch, and the
// list's change counters that SQLite triggers move (server/drizzle/0013_list-version-triggers.sql).
export { type Lifetime, Memo, type MemoOptions, memoOf, untilNextWrite, type WriteWatch } from "./memo";
export { writeStamp } from "./write-stamp";
export { readListVersions } from "./list-versions";
export { cachedRowById } from "./row-by-id";
