import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { CalendarSection } from "./calendar-section";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const FIRST = "http://localhost/api/calendar/AAAAbbbbCCCCddddEEEEffffGGGGhhhh.ics";
const SECOND = "http://localhost/api/calendar/ZZZZyyyyXXXXwwwwVVVVuuuuTTTTssss.ics";
let root: Root;
let host: HTMLDivElement;
let calls: { url: string; method: string }[];

async function mount(answers: Response[]) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET" });
      return answers.shift() ?? json(500, { success: false, message: "inattendu" });
    }),
  );
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <CalendarSection />
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

const input = () => host.querySelector<HTMLInputElement>("#edit-calendar-url")!;
const button = (text: string) => [...host.querySelectorAll("button")].find((b) => b.textContent === text)!;
const click = (el: HTMLElement) =>
  act(async () => {
    el.click();
    await new Promise((r) => setTimeout(r, 0));
  });

beforeEach(() => saveLogin(fakeLogin(), true));
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

describe("the calendar section of the profile", () => {
  it("shows the secret address and copies it", async () => {
    await mount([json(200, { success: true, url: FIRST, webcalUrl: FIRST.replace("http:", "webcal:") })]);
    expect(input().value).toBe(FIRST);
    expect(host.querySelector("a")?.getAttribute("href")).toBe(FIRST.replace("http:", "webcal:"));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    await click(button("Copier le lien"));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(host.textContent).toContain("Lien copié.");
  });

  it("says how to copy by hand when the clipboard is refused", async () => {
    await mount([json(200, { success: true, url: FIRST, webcalUrl: FIRST })]);
    vi.stubGlobal("navigator", { clipboard: { writeText: async () => Promise.reject(new Error("denied")) } });
    await click(button("Copier le lien"));
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("Copie impossible : sélectionnez le lien et copiez-le à la main.");
  });

  it("asks before regenerating, then shows the new address", async () => {
    await mount([
      json(200, { success: true, url: FIRST, webcalUrl: FIRST }),
      json(200, { success: true, url: SECOND, webcalUrl: SECOND, message: "Nouveau lien créé : l'ancien ne fonctionne plus." }),
    ]);
    await click(button("Régénérer le lien"));
    expect(host.textContent).toContain("L'ancien lien cessera de fonctionner");
    await click(button("Annuler"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await click(button("Régénérer le lien"));
    await click(button("Créer un nouveau lien"));
    expect(calls.at(-1)).toEqual({ url: "/api/calendar/me/regenerate", method: "POST" });
    expect(input().value).toBe(SECOND);
    expect(host.querySelector('[role="status"]')?.textContent).toBe("Nouveau lien créé : l'ancien ne fonctionne plus.");
  });

  it("says so when the address cannot be read", async () => {
    await mount([json(500, { success: false, code: "INTERNAL", message: "Erreur serveur" })]);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("Erreur serveur");
    expect(button("Copier le lien").disabled).toBe(true);
  });
});
