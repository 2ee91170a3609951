import { describe, expect, it } from "vitest";
import { safeHtml } from "./safe-html";

describe("safeHtml", () => {
  it("drops scripts, event handlers and javascript: links but keeps the content", () => {
    const out = safeHtml(
      '<p onclick="steal()">Salut <b>tous</b></p><script>alert(1)</script><a href=" javascript:alert(1)">lien</a><img src="/uploads/a.png" onerror="x()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain("<b>tous</b>");
    expect(out).toContain('src="/uploads/a.png"');
    expect(out).toContain(">lien</a>");
  });

  it("keeps only safe URL schemes and drops embedded documents", () => {
    const out = safeHtml(
      '<a href="data:text/html,x">a</a><a href="vbscript:x">b</a><iframe srcdoc="x"></iframe><a href="/devoirs">c</a><svg><script>1</script></svg>',
    );
    expect(out).not.toMatch(/data:text|vbscript|iframe|svg/i);
    expect(out).toContain('href="/devoirs"');
  });

  it("opens links in a new tab without giving it access to the page", () => {
    const out = safeHtml('<a href="https://example.org">site</a>');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });
});
