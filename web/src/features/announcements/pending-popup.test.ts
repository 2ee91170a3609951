import { beforeEach, describe, expect, it } from "vitest";
import { PENDING_POPUP_KEY, readPending, removePending, writePending } from "./pending-popup";

beforeEach(() => localStorage.clear());

describe("pending announcement", () => {
  it("is kept under planify.pendingPopup with its id and html until removed", () => {
    writePending({ id: "p1", html: "<p>Bonjour</p>", userId: "u1" });
    expect(JSON.parse(localStorage.getItem(PENDING_POPUP_KEY)!)).toMatchObject({ id: "p1", html: "<p>Bonjour</p>" });
    expect(readPending("u1")).toMatchObject({ id: "p1" });
    removePending();
    expect(readPending("u1")).toBeNull();
  });

  it("is not shown to another account on the same browser", () => {
    writePending({ id: "p1", html: "<p>Bonjour</p>", userId: "u1" });
    expect(readPending("u2")).toBeNull();
  });

  it("survives a corrupt entry", () => {
    localStorage.setItem(PENDING_POPUP_KEY, "{not json");
    expect(readPending("u1")).toBeNull();
  });
});
