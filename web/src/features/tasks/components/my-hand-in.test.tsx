import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { MyHandInDto } from "@planify/common/schemas/hand-ins";
import { MyFeedback, MyHandInTerms, MyVersions } from "./my-hand-in";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
function show(node: React.ReactNode): HTMLElement {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
  return host;
}
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = "";
});

const file = (name: string) => ({
  id: name,
  _id: name,
  filename: `stored-${name}`,
  originalname: name,
  name,
  size: 2048,
  createdAt: "2026-12-01T10:00:00.000Z",
  url: `/api/hand-ins/returned/t1/stored-${name}/download`,
  path: `/uploads/returned/t1/stored-${name}`,
});

const base: MyHandInDto = {
  status: "rendu",
  deadline: "2026-12-03T17:00:00.000Z",
  extendedUntil: "2026-12-03T17:00:00.000Z",
  exempt: false,
  open: false,
  versions: [
    { version: 1, at: "2026-12-01T09:00:00.000Z", late: false, lateByMs: 0, files: [file("tp.pdf")] },
    { version: 2, at: "2026-12-04T19:00:00.000Z", late: true, lateByMs: 7_200_000, files: [file("tp-v2.pdf")] },
  ],
  feedback: {
    comment: "<p>Bon travail</p>",
    mark: 12.5,
    markScale: 20,
    publishedAt: "2026-12-05T08:00:00.000Z",
    files: [file("corrige.pdf")],
  },
};

describe("the student's own hand-in", () => {
  it("says the extension in Paris time, the exemption and why the box is closed", () => {
    const host = show(<MyHandInTerms handIn={{ ...base, exempt: true }} />);
    expect(host.textContent).toContain("Délai prolongé jusqu'au jeudi 3 décembre 2026 à 18:00");
    expect(host.textContent).toContain("Dispensé");
    expect(host.textContent).toContain("Ta copie a été corrigée : le dépôt est fermé.");
  });

  it("lists every version, newest first, with the late one flagged", () => {
    const host = show(<MyVersions handIn={base} />);
    const items = [...host.querySelectorAll("li > p")].map((p) => p.textContent);
    expect(items[0]).toContain("Version 2");
    expect(items[0]).toContain("en retard de 2 h");
    expect(items[0]).not.toContain("0 min");
    expect(items[1]).toContain("Version 1");
    expect(items[1]).not.toContain("en retard");
  });

  it("shows « Corrigé », the mark with a French comma, the comment and the returned copy", () => {
    const host = show(<MyFeedback feedback={base.feedback!} />);
    expect(host.textContent).toContain("Corrigé");
    expect(host.textContent).toContain("Note : 12,5/20");
    expect(host.querySelector('[data-testid="feedback-comment"]')?.innerHTML).toBe("<p>Bon travail</p>");
    expect(host.querySelector('button[aria-label="Télécharger corrige.pdf"]')).not.toBeNull();
  });
});
