import { beforeEach, describe, expect, it } from "vitest";
import { PENDING_POPUP_KEY, readPending, removePending, stripDangerousHtml, writePending } from "./pending-popup";

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

describe("stripDangerousHtml", () => {
  it("drops scripts, event handlers and javascript: links but keeps the content", () => {
    const out = stripDangerousHtml(
      '<p onclick="steal()">Salut <b>tous</b></p><script>alert(1)</script><a href=" javascript:alert(1)">lien</a><img src="/uploads/a.png" onerror="x()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain("<b>tous</b>");
    expect(out).toContain('src="/uploads/a.png"');
    expect(out).toContain(">lien</a>");
  });

  it("opens links in a new tab without giving it access to the page", () => {
    const out = stripDangerousHtml('<a href="https://example.org">site</a>');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });
});
