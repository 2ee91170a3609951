import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, saveLogin } from "../../lib/session";
import { fakeLogin } from "../../lib/test-session";
import ErasureSection from "./erasure-section";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// « Supprimer mon compte »: the request goes only once SUPPRIMER is typed; admins see no section.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let root: Root;
let host: HTMLDivElement;
let calls: { url: string; method: string; body?: string }[];

async function mount(answers: Response[]) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string | Request, init: RequestInit = {}) => {
      const req = typeof url === "string" ? null : url;
      calls.push({
        url: typeof url === "string" ? url : url.url,
        method: req ? req.method : (init.method ?? "GET"),
        body: req ? await req.clone().text() : (init.body as string),
      });
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
        <ErasureSection />
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

const button = (text: string) => [...host.querySelectorAll("button")].find((b) => b.textContent === text)!;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

describe("« Supprimer mon compte »", () => {
  it("sends the request once SUPPRIMER is typed and shows it pending", async () => {
    saveLogin(fakeLogin(), true);
    await mount([
      json(200, { success: true, selfService: false, requestedAt: null }),
      json(200, { success: true, erased: false, requestedAt: "2026-11-27T10:00:00.000Z", message: "Ta demande d'effacement est envoyée." }),
      json(200, { success: true, selfService: false, requestedAt: "2026-11-27T10:00:00.000Z" }),
    ]);
    expect(host.textContent).toContain("Ta demande est envoyée à l'administration");
    await act(async () => button("Supprimer mon compte").click());
    const send = button("Envoyer ma demande");
    expect(send.disabled).toBe(true);
    const input = host.querySelector<HTMLInputElement>("#edit-erasure-confirm")!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      setter.call(input, "SUPPRIMER");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(button("Envoyer ma demande").disabled).toBe(false);
    await act(async () => button("Envoyer ma demande").click());
    await settle();
    await settle();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/api\/privacy\/me\/erasure$/);
    expect(JSON.parse(post!.body!)).toEqual({ confirmation: "SUPPRIMER" });
    expect(host.textContent).toContain("Demande envoyée le 27 novembre 2026.");
  });

  it("is not shown to an admin", async () => {
    saveLogin(fakeLogin(3_600_000, { role: "admin", isAdmin: true } as never), true);
    await mount([]);
    expect(host.textContent).toBe("");
    expect(calls).toEqual([]);
  });
});
