import { beforeEach, describe, expect, it } from "vitest";
import { forgetLastBalance, LAST_BALANCE_KEY, loadLastBalance, saveLastBalance } from "./last-balance";

beforeEach(() => localStorage.clear());

describe("the last balance known", () => {
  it("is read back for its user only, never for another account of the same browser", () => {
    saveLastBalance("u1", 1234);
    expect(loadLastBalance("u1")).toBe(1234);
    expect(loadLastBalance("u2")).toBeNull();
    saveLastBalance("u2", 5);
    expect(loadLastBalance("u1")).toBeNull();
  });

  it("ignores what it cannot trust and is forgotten at logout", () => {
    localStorage.setItem(LAST_BALANCE_KEY, "{not json");
    expect(loadLastBalance("u1")).toBeNull();
    localStorage.setItem(LAST_BALANCE_KEY, JSON.stringify({ userId: "u1", coins: -3 }));
    expect(loadLastBalance("u1")).toBeNull();
    saveLastBalance("u1", 0);
    expect(loadLastBalance("u1")).toBe(0);
    forgetLastBalance();
    expect(localStorage.getItem(LAST_BALANCE_KEY)).toBeNull();
  });
});
