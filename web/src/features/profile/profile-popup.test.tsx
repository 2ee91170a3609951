import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { focusManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { UserProfileResponse } from "@planify/common/schemas/users";
import { OPEN_PROFILE_EVENT, requestAppEvent } from "../../lib/app-events";
import { clearSession, saveLogin } from "../../lib/session";
import { fakeLogin } from "../../lib/test-session";
import { ProfileHost } from "./profile-host";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function profile(overrides: Partial<UserProfileResponse> = {}): UserProfileResponse {
  const user = {
    id: "u2",
    _id: "u2",
    username: "lea.martin",
    role: "delegue",
    displayName: "Léa Martin",
    firstName: "Léa",
    lastName: "Martin",
    prenom: "Léa",
    nom: "Martin",
    year: "BUT1",
    groupe: "A",
    specialite: "devweb",
    track: "devweb",
    faction: null,
    avatar: null,
    avatarVersion: 0,
    avatarUpdatedAt: null,
    avatarCrop: null,
    publicNote: "",
    musicSrc: null,
    musicTitle: null,
    musicStartSeconds: 0,
    musicDurationSeconds: 0,
    equippedItemId: null,
    selectedBorderColor: "default",
    coins: 12_500,
    leaderboardCoins: 0,
    factionCoins: 0,
    completedTasks: 0,
    leaderboardEnabled: true,
    ...overrides,
  };
  return { ...user, user };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
let root: Root;
const text = () => document.body.textContent ?? "";
const dialog = () => document.querySelector('[role="dialog"]');

async function mount() {
  // As the app's client: no refetch on focus unless a query asks for it.
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  root = createRoot(document.createElement("div"));
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <ProfileHost />
      </QueryClientProvider>,
    ),
  );
}

async function open(userId: string) {
  let handled = false;
  await act(async () => {
    handled = requestAppEvent(OPEN_PROFILE_EVENT, { userId });
  });
  // The popup's code loads on the first profile opened (a lazy chunk): let it arrive, then its query.
  await act(async () => {
    await import("./profile-popup");
  });
  for (let i = 0; i < 3; i++)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  return handled;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  saveLogin(fakeLogin(), true);
});
afterEach(async () => {
  await act(async () => root.unmount());
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("profile popup of any user", () => {
  it("opens on the app event and shows role, year, group, specialty, coins and 'Aucune note'", async () => {
    const fetchMock = vi.fn(async () => json(profile()));
    vi.stubGlobal("fetch", fetchMock);
    await mount();
    expect(await open("u2")).toBe(true);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe("/api/users/u2");
    expect(dialog()?.textContent).toContain("lea.martin");
    for (const shown of ["Délégué", "1ère année", "A", "Développement web", "Solde", "12,5K coins", "Pièces du mois", "Aucune note"])
      expect(text()).toContain(shown);
  });

  it("reads the profile again every 5 s and when the window gets the focus back", async () => {
    let note = "";
    const fetchMock = vi.fn(async () => json(profile({ publicNote: note })));
    vi.stubGlobal("fetch", fetchMock);
    await mount();
    await open("u2");
    expect(text()).toContain("Aucune note");
    note = "En révision 📚";
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900);
    });
    expect(text()).toContain("Aucune note");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.waitFor(() => expect(text()).toContain("En révision 📚")));
    const before = fetchMock.mock.calls.length;
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock.mock.calls.length).toBe(before + 1);
    focusManager.setFocused(undefined);
  });

  it("says so when the profile cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: "Utilisateur introuvable.", code: "NOT_FOUND" }), {
            status: 404,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    await mount();
    await open("u9");
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Utilisateur introuvable.");
  });

  it("plays only the clip and stops the music when the popup closes", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(profile({ musicSrc: "music/u2-1.mp3", musicTitle: "Générique", musicStartSeconds: 12, musicDurationSeconds: 30 })),
      ),
    );
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(async function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event("play"));
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event("pause"));
    });
    await mount();
    await open("u2");
    const audio = document.querySelector("audio")!;
    expect(audio.getAttribute("src")).toMatch(/^\/api\/users\/music\/u2\?v=\w+$/);
    expect(text()).toContain("Générique");
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Lire la musique"]')!;
    await act(async () => button.click());
    expect(play).toHaveBeenCalledTimes(1);
    expect(audio.currentTime).toBe(12);
    expect(document.querySelector('button[aria-label="Mettre en pause"]')).not.toBeNull();

    // The clip ends at 12 + 30 s: playback stops and goes back to the clip's start.
    audio.currentTime = 42.1;
    await act(async () => {
      audio.dispatchEvent(new Event("timeupdate"));
    });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(audio.currentTime).toBe(12);

    await act(async () => button.click());
    const close = document.querySelector<HTMLButtonElement>('button[aria-label="Fermer"]')!;
    await act(async () => close.click());
    expect(dialog()).toBeNull();
    expect(pause.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the volume between 0 and 100 in this browser", async () => {
    localStorage.setItem("planify.musicVolume", "180");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(profile({ musicSrc: "music/u2-1.mp3", musicTitle: "Générique" }))),
    );
    await mount();
    await open("u2");
    const slider = document.querySelector<HTMLInputElement>('input[type="range"]')!;
    expect(slider.value).toBe("100");
    expect(document.querySelector("audio")!.volume).toBe(1);
  });
});
