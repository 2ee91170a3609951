import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { addDays, parisDate } from "@planify/common/time/paris-time";
import { NotificationsProvider } from "../../../components/notifications";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { typeInto } from "../../../lib/test-input";
import { PersonalTaskDialog } from "./personal-task-dialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const host = document.createElement("div");
document.body.append(host);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
let answer: Response;
let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  saveLogin(fakeLogin(), true);
  // The real client code runs; only the server's answer is scripted.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body)));
      return answer;
    }),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  clearSession();
});

async function draw(onClose = vi.fn()) {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <NotificationsProvider>
          <PersonalTaskDialog task={null} subjects={["Anglais"]} onClose={onClose} />
        </NotificationsProvider>
      </QueryClientProvider>,
    ),
  );
  return onClose;
}
/** The control inside the label whose caption reads `caption` (the dialog is in a portal). */
const control = <T extends HTMLElement>(caption: string) =>
  [...document.querySelectorAll("label")]
    .find((l) => l.querySelector("span")?.textContent === caption)!
    .querySelector("input, select, textarea") as unknown as T;
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name)!;
const alertText = () => document.querySelector("form [role='alert']")?.textContent;
const tomorrow = () => addDays(parisDate(Date.now()), 1);

async function fill() {
  await typeInto(control<HTMLInputElement>("Titre"), "  Réviser  ");
  await typeInto(control<HTMLInputElement>("Date"), tomorrow());
  await typeInto(control<HTMLInputElement>("Heure"), "18:30");
  await typeInto(control<HTMLTextAreaElement>("Note (facultatif)"), "Chapitre 3");
}

describe("the personal task dialog", () => {
  it("names a date out of range in French before sending anything, and keeps what was typed", async () => {
    await draw();
    await fill();
    await typeInto(control<HTMLInputElement>("Date"), addDays(parisDate(Date.now()), 800));
    await act(async () => button("Ajouter").click());
    expect(alertText()).toBe("La date doit se situer entre il y a un an et dans deux ans.");
    expect(posted).toEqual([]);
    expect(control<HTMLTextAreaElement>("Note (facultatif)").value).toBe("Chapitre 3");
  });

  it("shows the server's refusal in the form, which stays open with everything typed", async () => {
    answer = json(409, {
      success: false,
      code: "PERSONAL_LIMIT",
      message: "Vous avez déjà 500 tâches perso : supprimez-en avant d'en ajouter.",
    });
    const onClose = await draw();
    await fill();
    await typeInto(control<HTMLSelectElement>("Matière (facultatif)"), "Anglais");
    await act(async () => button("Ajouter").click());
    await vi.waitFor(() => expect(alertText()).toBe("Vous avez déjà 500 tâches perso : supprimez-en avant d'en ajouter."));
    expect(onClose).not.toHaveBeenCalled();
    expect(posted).toEqual([{ titre: "Réviser", date: tomorrow(), heure: "18:30", note: "Chapitre 3", matiere: "Anglais" }]);
    expect(control<HTMLInputElement>("Titre").value).toBe("  Réviser  ");
    expect(control<HTMLSelectElement>("Matière (facultatif)").value).toBe("Anglais");
  });

  it("closes once the server has saved it", async () => {
    answer = json(201, { success: true, message: "Tâche perso ajoutée.", event: {} });
    const onClose = await draw();
    await fill();
    await act(async () => button("Ajouter").click());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
