import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { PROPOSAL_MESSAGES } from "@planify/common/constants/proposals";
import { addDays, parisDate } from "@planify/common/time/paris-time";
import { NotificationsProvider } from "../../../components/notifications";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { typeInto } from "../../../lib/test-input";
import type { Viewer } from "../model/roles";
import { ProposeTaskDialog } from "./propose-task-dialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const STUDENT: Viewer = { id: "u1", role: "eleve", year: "BUT1", groupe: "A", specialite: "" };
const FILE_REFUSED = "Type de fichier non autorisé : faux.pdf";

/** Uploads go through XMLHttpRequest (progress): this one refuses the file as the server does. */
class RefusingXhr {
  static urls: string[] = [];
  status = 0;
  statusText = "";
  responseText = "";
  responseType = "";
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    RefusingXhr.urls.push(url);
  }
  setRequestHeader() {}
  send() {
    setTimeout(() => {
      this.status = 400;
      this.statusText = "Bad Request";
      this.responseText = JSON.stringify({ success: false, code: "BAD_REQUEST", message: FILE_REFUSED });
      this.onload?.();
    });
  }
}

let answers: Record<string, Response> = {};
let calls: { key: string; body: unknown }[] = [];
let root: Root;
const created = { success: true, message: "Proposition envoyée !", proposal: { id: "p9", _id: "p9" } };

beforeEach(() => {
  calls = [];
  answers = {};
  RefusingXhr.urls = [];
  saveLogin(fakeLogin(), true);
  vi.stubGlobal("XMLHttpRequest", RefusingXhr);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${new URL(url, "http://localhost").pathname}`;
      calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return (answers[key] ?? json(200, { success: true, proposals: [], count: 0 })).clone();
    }),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  clearSession();
  document.body.innerHTML = "";
});

async function draw(onClose = vi.fn()) {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <NotificationsProvider>
          <ProposeTaskDialog viewer={STUDENT} subjects={["Réseaux"]} onClose={onClose} />
        </NotificationsProvider>
      </QueryClientProvider>,
    ),
  );
  return onClose;
}
const control = <T extends HTMLElement>(caption: string) =>
  [...document.querySelectorAll("label")]
    .find((l) => l.querySelector("span")?.textContent === caption)!
    .querySelector("input, select, textarea") as unknown as T;
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name)!;
const day = () => addDays(parisDate(Date.now()), 3);

async function fill() {
  await typeInto(control<HTMLInputElement>("Titre"), "Exposé réseaux");
  await typeInto(control<HTMLSelectElement>("Matière"), "Réseaux");
  await typeInto(control<HTMLInputElement>("Date"), day());
  await typeInto(control<HTMLInputElement>("Heure"), "18:00");
  const promo = [...document.querySelectorAll("fieldset label")].find((l) => l.textContent === "Promo")!.querySelector("input")!;
  await act(async () => promo.click());
}

describe("« Proposer une tâche »", () => {
  it("shows the daily limit in French and keeps everything typed", async () => {
    answers["POST /api/events/proposals"] = json(429, { success: false, code: "RATE_LIMITED", message: PROPOSAL_MESSAGES.dailyLimit });
    const onClose = await draw();
    expect(document.querySelector("[role='dialog']")?.textContent).toContain("Proposer une tâche");
    await fill();
    await act(async () => button("Proposer").click());
    await vi.waitFor(() => expect(document.body.textContent).toContain(PROPOSAL_MESSAGES.dailyLimit));
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.key === "POST /api/events/proposals").map((c) => c.body)).toEqual([
      expect.objectContaining({
        titre: "Exposé réseaux",
        matiere: "Réseaux",
        date: day(),
        heure: "18:00",
        groupes: ["Promo"],
        year: "BUT1",
      }),
    ]);
    expect(control<HTMLInputElement>("Titre").value).toBe("Exposé réseaux");
  });

  it("after a refused file, a second try changes the proposal already made instead of proposing it twice", async () => {
    answers["POST /api/events/proposals"] = json(200, created);
    answers["POST /api/events/proposals/p9/update-self"] = json(200, created);
    await draw();
    await fill();
    const input = document.querySelector("input[type='file']") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [new File(["%PDF"], "faux.pdf", { type: "application/pdf" })], configurable: true });
    await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
    await act(async () => button("Proposer").click());
    await vi.waitFor(() => expect(document.body.textContent).toContain(FILE_REFUSED));
    expect(RefusingXhr.urls).toEqual(["/api/events/proposals/p9/attachments"]);
    await act(async () => button("Proposer").click());
    await vi.waitFor(() => expect(RefusingXhr.urls).toHaveLength(2));
    expect(calls.map((c) => c.key).filter((k) => k.startsWith("POST"))).toEqual([
      "POST /api/events/proposals",
      "POST /api/events/proposals/p9/update-self",
    ]);
  });
});
