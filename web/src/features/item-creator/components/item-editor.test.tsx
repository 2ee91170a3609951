import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NotificationsProvider } from "../../../components/notifications";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { field, typeInto } from "../../../lib/test-input";
import { ItemEditor } from "./item-editor";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const host = document.createElement("div");
document.body.append(host);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  saveLogin(fakeLogin(3_600_000, { role: "admin", isAdmin: true, username: "admin" }), true);
  // The real client code runs; only the network answers are scripted (the server is not here).
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/items" && !init?.method) return json(200, { success: true, items: [] });
      if (url === "/api/items/upload")
        return json(200, { success: true, files: [{ url: "/api/items/assets/a.png", name: "a.png", size: 10, type: "image/png" }] });
      if (url === "/api/items" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return json(409, { success: false, message: "legacyId déjà utilisé : 5001.", code: "CONFLICT" });
      }
      return json(404, { success: false, message: "?" });
    }),
  );
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  clearSession();
});

async function draw() {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <NotificationsProvider>
          <ItemEditor />
        </NotificationsProvider>
      </QueryClientProvider>,
    ),
  );
}
const button = (name: string) => [...host.querySelectorAll("button")].find((b) => b.textContent?.trim() === name)!;
const alertText = () => host.querySelector("[role='alert']")?.textContent;

describe("the item editor", () => {
  it("asks for a selected layer before replacing an image", async () => {
    await draw();
    await act(async () => button("Remplacer l'image").click());
    expect(alertText()).toBe("Sélectionnez d'abord un asset.");
  });

  it("keeps the form and says the legacy id is taken when the server refuses it", async () => {
    await draw();
    const input = host.querySelector<HTMLInputElement>("[data-testid='layer-upload']")!;
    Object.defineProperty(input, "files", {
      value: [new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" })],
      configurable: true,
    });
    await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
    await vi.waitFor(() => expect(host.querySelector("button[aria-label='Déplacer le calque 1']")).not.toBeNull());

    await act(async () => button("Enregistrer l'item").click());
    expect(alertText()).toBe("Définis un ID (legacy) numérique.");
    expect(posted).toHaveLength(0);

    await typeInto(field("ID (legacy)", host), "5001");
    await typeInto(field("Nom", host), "Couronne");
    await typeInto(field("Prix (coins)", host), "150");
    await act(async () => button("Enregistrer l'item").click());
    await vi.waitFor(() => expect(alertText()).toBe("ID déjà utilisé. Choisissez un autre legacyId."));
    expect(posted).toEqual([
      expect.objectContaining({
        legacyId: 5001,
        name: "Couronne",
        price: 150,
        assets: [expect.objectContaining({ src: "/api/items/assets/a.png" })],
      }),
    ]);
    // Nothing typed is lost.
    expect(field("Nom", host).value).toBe("Couronne");
    expect(host.querySelector("button[aria-label='Déplacer le calque 1']")).not.toBeNull();
  });
});
