import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import { NotificationsProvider } from "../../../components/notifications";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import type { Viewer } from "../model/roles";
import { ProposalsDialog } from "./proposals-dialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const STUDENT: Viewer = { id: "u1", role: "eleve", year: "BUT1", groupe: "A", specialite: "" };
const DELEGATE: Viewer = { id: "d1", role: "delegue", year: "BUT1", groupe: "A", specialite: "" };

function proposal(over: Partial<ProposalDto> = {}): ProposalDto {
  return {
    _id: "p1",
    id: "p1",
    titre: "Exposé sur les réseaux",
    date: "2026-12-10",
    heure: "18:00",
    groupe: "Promo",
    groupes: ["Promo"],
    type: "devoir",
    matiere: "Réseaux",
    specialite: "",
    year: "BUT1",
    description: "",
    submissionEnabled: false,
    attachments: [
      {
        filename: "f1.pdf",
        url: "/api/events/proposals/p1/files/f1.pdf",
        mime: "application/pdf",
        size: 2048,
        originalname: "sujet.pdf",
        uploadedBy: "u2",
        uploadedAt: "2026-12-01T10:00:00.000Z",
      },
    ],
    checkedBy: [],
    acceptedBy: [],
    archivedBy: [],
    rejectedBy: [],
    proposedBy: { _id: "u2", username: "lucas.moreau", groupe: "B", year: "BUT1", proposalBlocked: false },
    status: "pending",
    reviewedBy: null,
    reviewedAt: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    rejectReason: null,
    taskId: null,
    ...over,
  };
}

/** The scripted server: an answer per "METHOD /path"; every call is recorded. */
let routes: Record<string, Response | (() => Response)> = {};
let calls: string[] = [];
let root: Root;

beforeEach(() => {
  calls = [];
  routes = {};
  saveLogin(fakeLogin(), true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = new URL(typeof input === "string" ? input : input.url, "http://localhost");
      const key = `${(init?.method ?? (typeof input === "string" ? "GET" : input.method)).toUpperCase()} ${url.pathname}`;
      calls.push(key);
      const answer = routes[key];
      if (!answer) return json(200, { success: true, proposals: [], count: 0, users: [] });
      return typeof answer === "function" ? answer() : answer.clone();
    }),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  clearSession();
  document.body.innerHTML = "";
});

async function draw(viewer: Viewer) {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <ProposalsDialog viewer={viewer} subjects={["Réseaux"]} onClose={() => undefined} />
        </NotificationsProvider>
      </QueryClientProvider>,
    ),
  );
}
const dialogText = () => document.querySelector("[role='dialog']")?.textContent ?? "";
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
const openTab = async (name: string) => {
  const tab = [...document.querySelectorAll("[role='tab']")].find((t) => t.textContent === name)!;
  await act(async () => tab.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, button: 0 })));
};

describe("the proposals panel of a student", () => {
  it("says when no classmate proposed anything", async () => {
    await draw(STUDENT);
    await vi.waitFor(() => expect(dialogText()).toContain("Aucune proposition pour l'instant."));
    expect(calls).toContain("GET /api/events/proposals/feed");
  });

  it("shows a classmate's proposal with its author, date and file, and takes it into the student's list", async () => {
    routes["GET /api/events/proposals/feed"] = json(200, { success: true, proposals: [proposal()] });
    routes["POST /api/events/proposals/p1/accept"] = json(200, { success: true });
    await draw(STUDENT);
    await vi.waitFor(() => expect(dialogText()).toContain("Exposé sur les réseaux"));
    const card = document.querySelector("[data-testid='proposal-p1']")!;
    expect(card.textContent).toContain("Proposée par lucas.moreau");
    expect(card.textContent).toContain("Pour le jeu. 10 déc. à 18h00 · BUT1 · Promo");
    expect(card.querySelector("button[aria-label='Télécharger sujet.pdf']")).not.toBeNull();
    await act(async () => button("Ajouter à ma liste")!.click());
    await vi.waitFor(() => expect(calls).toContain("POST /api/events/proposals/p1/accept"));
    // The feed reloads after the write.
    await vi.waitFor(() => expect(calls.filter((c) => c === "GET /api/events/proposals/feed")).toHaveLength(2));
  });

  it("offers « Retirer de ma liste » on a proposal already taken", async () => {
    routes["GET /api/events/proposals/feed"] = json(200, { success: true, proposals: [proposal({ acceptedBy: ["u1"] })] });
    await draw(STUDENT);
    await vi.waitFor(() => expect(button("Retirer de ma liste")).toBeDefined());
    expect(dialogText()).toContain("Dans ma liste");
    expect(button("Ajouter à ma liste")).toBeUndefined();
  });

  it("says in French why the feed could not load, with « Réessayer »", async () => {
    routes["GET /api/events/proposals/feed"] = () => json(500, { success: false, code: "INTERNAL", message: "Erreur interne du serveur" });
    await draw(STUDENT);
    await vi.waitFor(() =>
      expect(document.querySelector("[role='dialog'] [role='alert']")?.textContent).toContain("Impossible de charger les propositions."),
    );
    expect(button("Réessayer")).toBeDefined();
  });

  it("shows the server's refusal of a write in the « Erreur » popup", async () => {
    routes["GET /api/events/proposals/feed"] = json(200, { success: true, proposals: [proposal()] });
    routes["POST /api/events/proposals/p1/accept"] = json(404, { success: false, code: "NOT_FOUND", message: "Proposition introuvable" });
    await draw(STUDENT);
    await vi.waitFor(() => expect(button("Ajouter à ma liste")).toBeDefined());
    await act(async () => button("Ajouter à ma liste")!.click());
    await vi.waitFor(() => expect(document.body.textContent).toContain("Proposition introuvable"));
  });

  it("lists their own proposals: pending with « Modifier » and « Retirer », a refused one with its reason", async () => {
    routes["GET /api/events/proposals/mine"] = json(200, {
      success: true,
      proposals: [proposal({ id: "p2", _id: "p2", titre: "TP routage" })],
    });
    routes["GET /api/events/proposals/mine/history"] = json(200, {
      success: true,
      proposals: [
        proposal({ id: "p3", _id: "p3", titre: "QCM", status: "rejected", rejectReason: "Déjà prévu en cours", attachments: [] }),
        proposal({ id: "p4", _id: "p4", titre: "Fiche", status: "validated", attachments: [] }),
      ],
    });
    await draw(STUDENT);
    await openTab("Mes propositions");
    await vi.waitFor(() => expect(dialogText()).toContain("TP routage"));
    const pending = document.querySelector("[data-testid='proposal-p2']")!;
    expect(pending.textContent).toContain("En attente");
    expect([...pending.querySelectorAll("button")].map((b) => b.textContent)).toEqual(expect.arrayContaining(["Modifier", "Retirer"]));
    await vi.waitFor(() =>
      expect(document.querySelector("[data-testid='proposal-p3']")?.textContent).toContain("Motif : Déjà prévu en cours"),
    );
    expect(document.querySelector("[data-testid='proposal-p3']")!.textContent).toContain("Refusée");
    expect(document.querySelector("[data-testid='proposal-p4']")!.textContent).toContain("Validée");
  });
});

describe("the proposals panel of a delegate", () => {
  it("validates a pending proposal and reloads the lists", async () => {
    routes["GET /api/events/proposals"] = json(200, { success: true, proposals: [proposal()] });
    routes["POST /api/events/proposals/p1/validate"] = json(200, { success: true });
    await draw(DELEGATE);
    await vi.waitFor(() => expect(dialogText()).toContain("Proposée par lucas.moreau"));
    expect(button("Ajouter à ma liste")).toBeUndefined();
    await act(async () => button("Valider")!.click());
    await vi.waitFor(() => expect(calls).toContain("POST /api/events/proposals/p1/validate"));
    await vi.waitFor(() => expect(calls.filter((c) => c === "GET /api/events/proposals")).toHaveLength(2));
  });

  it("says when nothing waits, and lists the blocked accounts with « Débloquer »", async () => {
    routes["GET /api/users/blocked-proposers"] = json(200, {
      success: true,
      users: [{ _id: "u9", username: "tom.lefebvre", groupe: "B", year: "BUT1", proposalBlocked: true }],
    });
    await draw(DELEGATE);
    await vi.waitFor(() => expect(dialogText()).toContain("Aucune proposition en attente."));
    await openTab("Personnes bloquées");
    await vi.waitFor(() => expect(dialogText()).toContain("tom.lefebvre"));
    expect(button("Débloquer")).toBeDefined();
  });
});
