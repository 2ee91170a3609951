import { describe, expect, it } from "vitest";
import { isConnectionLost, isNotConnected } from "./errors";

// How a failure is classed decides whether it is run again and whether the caller gets a 503
// DATABASE_UNAVAILABLE: only PostgreSQL's own failures count (the real ones are produced in
// connection-loss.test.ts and postgres-connection-loss.test.ts).
const pg = (fields: Record<string, string>) => Object.assign(new Error("pg"), { name: "PostgresError", ...fields });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("lost PostgreSQL connections, told from other failures", () => {
  it("a refused connection never reached the server", () => {
    const refused = wrapped(pg({ code: "ERR_POSTGRES_CONNECTION_REFUSED" }));
    expect([isNotConnected(refused), isConnectionLost(refused)]).toEqual([true, true]);
  });

  it("a backend cut by an administrator (57P01) is lost, maybe after the statement reached it", () => {
    const cut = wrapped(pg({ code: "ERR_POSTGRES_SERVER_ERROR", errno: "57P01" }));
    expect([isNotConnected(cut), isConnectionLost(cut)]).toEqual([false, true]);
  });

  it("a socket code from the mail server or an ENT is not the database's", () => {
    const smtp = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNREFUSED" });
    expect([isNotConnected(smtp), isConnectionLost(smtp)]).toEqual([false, false]);
  });

  it("a unique violation or a serialization failure is not a lost connection", () => {
    expect(isConnectionLost(wrapped(pg({ code: "ERR_POSTGRES_SERVER_ERROR", errno: "23505" })))).toBe(false);
    expect(isConnectionLost(wrapped(pg({ code: "ERR_POSTGRES_SERVER_ERROR", errno: "40001" })))).toBe(false);
  });
});
