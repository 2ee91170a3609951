import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { NotificationsSection } from "./notifications-section";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const SETTINGS = { success: true, settings: DEFAULT_REMINDER_PREFS, devices: [], emailAvailable: true, emailConfirmed: false };
let root: Root;
let host: HTMLDivElement;
let calls: { url: string; method: string; body: unknown }[];

async function mount(role: string, answers: Response[]) {
  saveLogin(fakeLogin(3_600_000, { role } as never), true);
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
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
        <NotificationsSection />
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

const field = (label: string) => host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
async function type(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function submit() {
  await act(async () => {
    host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await new Promise((r) => setTimeout(r, 0));
  });
}

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  clearSession();
  vi.unstubAllGlobals();
});

describe("the Notifications section of the profile", () => {
  it("is not shown to teachers (reminders are for students)", async () => {
    await mount("prof", []);
    expect(host.textContent).toBe("");
    expect(calls).toEqual([]);
  });

  it("explains a wrong hour in French without sending anything, then saves a right one", async () => {
    const saved = {
      ...SETTINGS,
      message: "Préférences de rappel enregistrées.",
      settings: { ...DEFAULT_REMINDER_PREFS, quietStart: "21:30" },
    };
    await mount("eleve", [json(200, SETTINGS), json(200, saved)]);
    await type(field("Début des heures de silence"), "25:00");
    await submit();
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      "Le début des heures de silence : indiquez une heure au format HH:MM (par exemple 18:00).",
    );
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);

    await type(field("Début des heures de silence"), "21:30");
    await type(field("Examens : heures avant l'échéance (0 : non)"), "3");
    await type(host.querySelector<HTMLInputElement>('input[type="email"]')!, " lea@exemple.fr ");
    await submit();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ quietStart: "21:30", exam: { hoursBefore: 3 }, email: "lea@exemple.fr" });
    expect(host.querySelector('[role="status"]')?.textContent).toBe("Préférences de rappel enregistrées.");
  });

  it("a saved address waits for its link, with « Renvoyer le lien »; the server's refusal is shown", async () => {
    const pending = { ...SETTINGS, settings: { ...DEFAULT_REMINDER_PREFS, email: "lea@exemple.fr" } };
    const tooSoon = json(429, {
      success: false,
      code: "RATE_LIMITED",
      message: "Un lien de confirmation vient d'être envoyé : vérifiez votre boîte mail (et les indésirables). Réessayez dans 1 minute.",
    });
    await mount("eleve", [json(200, pending), tooSoon]);
    expect(host.textContent).toContain("En attente de confirmation : vérifiez votre boîte mail");
    expect(host.textContent).not.toContain("Adresse confirmée");
    const resend = [...host.querySelectorAll("button")].find((b) => b.textContent === "Renvoyer le lien")!;
    await act(async () => {
      resend.click();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(calls.at(-1)).toMatchObject({ method: "POST" });
    expect(calls.at(-1)!.url).toMatch(/\/api\/reminders\/email\/resend$/);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      "Un lien de confirmation vient d'être envoyé : vérifiez votre boîte mail (et les indésirables). Réessayez dans 1 minute.",
    );
    // Typing another address: the state shown was the saved address's, so it goes.
    await type(host.querySelector<HTMLInputElement>('input[type="email"]')!, "autre@exemple.fr");
    expect(host.textContent).not.toContain("En attente de confirmation");
  });

  it("a confirmed address says so; without e-mail on the server, the section says it instead of a field", async () => {
    await mount("eleve", [
      json(200, { ...SETTINGS, emailConfirmed: true, settings: { ...DEFAULT_REMINDER_PREFS, email: "lea@exemple.fr" } }),
    ]);
    expect(host.textContent).toContain("Adresse confirmée");
    expect(host.textContent).not.toContain("Renvoyer le lien");
    await act(async () => root.unmount());
    host.remove();
    await mount("eleve", [json(200, { ...SETTINGS, emailAvailable: false })]);
    expect(host.querySelector('input[type="email"]')).toBeNull();
    expect(host.textContent).toContain(
      "L'envoi d'e-mails n'est pas configuré sur ce serveur : les rappels par e-mail ne sont pas disponibles.",
    );
  });

  it("says when this browser cannot receive notifications", async () => {
    await mount("eleve", [json(200, SETTINGS)]);
    expect(host.textContent).toContain("Ce navigateur ne permet pas les notifications.");
    expect([...host.querySelectorAll("button")].find((b) => b.textContent === "Activer sur cet appareil")?.disabled).toBe(true);
  });
});
