import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { NotificationsProvider, useNotify, type Notify } from "./notifications";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  vi.useRealTimers();
});

/** Mounts the provider and hands back what a screen gets from useNotify(). */
async function setup(): Promise<Notify> {
  let notify!: Notify;
  function Probe() {
    notify = useNotify();
    return null;
  }
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <NotificationsProvider>
        <Probe />
      </NotificationsProvider>,
    ),
  );
  return notify;
}

/** The open dialog, once its lazily loaded module has arrived. */
async function openDialog(): Promise<Element> {
  await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
  return document.querySelector('[role="dialog"]')!;
}
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name)!;

describe("the notification system", () => {
  it("announces a toast in a status region, shows it in the « Notifications » viewport and hides it after 3.5 s", async () => {
    vi.useFakeTimers();
    const notify = await setup();
    await act(async () => notify.toast("Bravo ! Tu as acheté Galaxie !"));
    // The toasts' Radix part loads with the first toast (off the first page); then Radix fills
    // its live region on the next frame.
    await act(async () => {
      await import("./toast-region");
    });
    await act(async () => vi.advanceTimersByTime(50));
    expect(document.querySelector('[role="status"]')?.textContent).toContain("Bravo ! Tu as acheté Galaxie !");
    const viewport = document.querySelector('[role="region"][aria-label="Notifications"]');
    expect(viewport?.querySelector('[data-testid="toast"]')?.textContent).toBe("Bravo ! Tu as acheté Galaxie !");
    await act(async () => vi.advanceTimersByTime(3600));
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
  });

  it("replaces the toast on screen with a newer one", async () => {
    const notify = await setup();
    await act(async () => notify.toast("Tâche ajoutée."));
    await act(async () => notify.toast("Erreur lors de l'ajout.", "error"));
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent);
    expect(toasts).toEqual(["Erreur lors de l'ajout."]);
  });

  it("resolves a confirmation with the answer given", async () => {
    const notify = await setup();
    let yes!: Promise<boolean>;
    await act(async () => {
      yes = notify.confirm({ title: "Vider les retards", message: "Retirer 2 tâche(s) ?" });
    });
    expect((await openDialog()).textContent).toContain("Retirer 2 tâche(s) ?");
    await act(async () => button("Oui").click());
    await expect(yes).resolves.toBe(true);
    let no!: Promise<boolean>;
    await act(async () => {
      no = notify.confirm({ title: "Tout archiver", message: "Archiver ?", no: "Annuler" });
    });
    await act(async () => button("Annuler").click());
    await expect(no).resolves.toBe(false);
  });

  it("shows an alert titled as asked and resolves once it is closed", async () => {
    const notify = await setup();
    let closed = false;
    await act(async () => {
      void notify.alert({ title: "Erreur", message: "Veuillez sélectionner au moins un groupe." }).then(() => {
        closed = true;
      });
    });
    expect((await openDialog()).querySelector("h2")?.textContent).toBe("Erreur");
    await act(async () => button("OK").click());
    expect(closed).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
