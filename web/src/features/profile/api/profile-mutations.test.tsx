import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, getSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import type { TransferProgress } from "../../../lib/transfer";
import { NoteSection } from "../edit/note-section";
import { musicErrorText, noteErrorText, useSavePublicNote, useUploadAvatar, useUploadMusic } from "./profile-mutations";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in for XMLHttpRequest (uploads go through it for their progress). */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  responseType = "";
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.statusText = status === 200 ? "OK" : "Error";
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
let root: Root;

async function render<T>(hook: () => T): Promise<() => T> {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  let value!: T;
  function Probe() {
    value = hook();
    return null;
  }
  root = createRoot(document.createElement("div"));
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return () => value;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  saveLogin(fakeLogin(3_600_000, { avatar: null, avatarVersion: 0 }), true);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  clearSession();
  vi.unstubAllGlobals();
});

describe("avatar upload", () => {
  it("sends the file as `avatar` and puts the new picture in the session at once", async () => {
    const upload = await render(useUploadAvatar);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "avatar.jpg", { type: "image/jpeg" });
    let done!: Promise<unknown>;
    const crop = { xPercent: 40, yPercent: 60, scale: 2 };
    await act(async () => {
      done = upload().mutateAsync({ file, cropped: { source: new Blob([new Uint8Array([1, 2])]), crop } });
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(["POST", "/api/users/upload-avatar"]);
    expect(xhr.headers.Authorization).toBe("Bearer token-u1");
    expect((xhr.body!.get("avatar") as File).name).toBe("avatar.jpg");
    expect((xhr.body!.get("source") as File).size).toBe(2);
    expect(JSON.parse(String(xhr.body!.get("crop")))).toEqual(crop);
    await act(async () => {
      xhr.answer(200, {
        success: true,
        message: "Avatar mis à jour",
        avatar: "avatars/u1.jpg",
        avatarVersion: 3,
        avatarUpdatedAt: "2026-11-23T22:00:00.000Z",
        avatarCrop: crop,
      });
      await done;
    });
    expect(getSession()?.user).toMatchObject({ avatar: "avatars/u1.jpg", avatarVersion: 3, avatarCrop: crop });
  });
});

describe("music upload", () => {
  it("sends the MP3, its title and the clip in whole seconds, and reports progress", async () => {
    const upload = await render(useUploadMusic);
    const seen: TransferProgress[] = [];
    const file = new File([new Uint8Array(10)], "generique.mp3", { type: "audio/mpeg" });
    let done!: Promise<unknown>;
    await act(async () => {
      done = upload().mutateAsync({ file, title: "Générique", clip: { start: 12, end: 42 }, onProgress: (p) => seen.push(p) });
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe("/api/users/upload-music");
    expect((xhr.body!.get("music") as File).name).toBe("generique.mp3");
    expect([xhr.body!.get("title"), xhr.body!.get("startSeconds"), xhr.body!.get("durationSeconds")]).toEqual(["Générique", "12", "30"]);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    expect(seen.at(-1)?.ratio).toBe(0.5);
    await act(async () => {
      xhr.answer(200, {
        success: true,
        message: "ok",
        musicSrc: "music/u1.mp3",
        musicTitle: "Générique",
        musicStartSeconds: 12,
        musicDurationSeconds: 30,
      });
      await done;
    });
    expect(getSession()?.user).toMatchObject({ musicSrc: "music/u1.mp3", musicStartSeconds: 12, musicDurationSeconds: 30 });
  });

  it("sends no clip fields for the whole track", async () => {
    const upload = await render(useUploadMusic);
    await act(async () => {
      void upload()
        .mutateAsync({ file: new File(["x"], "a.mp3"), title: "a", clip: null })
        // The upload's outcome is not what this test checks.
        .catch(() => undefined);
    });
    expect(FakeXhr.last!.body!.has("startSeconds")).toBe(false);
  });

  it("shows the server's refusal, else the generic message, and needs a session", async () => {
    const upload = await render(useUploadMusic);
    let failure: unknown;
    await act(async () => {
      upload()
        .mutateAsync({ file: new File(["x"], "a.mp3"), title: "a", clip: null })
        .catch((e) => {
          failure = e;
        });
    });
    await act(async () => {
      FakeXhr.last!.answer(413, { success: false, message: "Le fichier dépasse 10 Mo.", code: "PAYLOAD_TOO_LARGE" });
    });
    expect(musicErrorText(failure)).toBe("Le fichier dépasse 10 Mo.");
    await act(async () => {
      upload()
        .mutateAsync({ file: new File(["x"], "a.mp3"), title: "a", clip: null })
        .catch((e) => {
          failure = e;
        });
    });
    // No answer at all: the connection is gone (or the server), and the message says so.
    await act(async () => {
      FakeXhr.last!.onerror?.();
    });
    expect(musicErrorText(failure)).toBe("Hors ligne : cette action nécessite une connexion Internet.");
    clearSession();
    await act(async () => {
      upload()
        .mutateAsync({ file: new File(["x"], "a.mp3"), title: "a", clip: null })
        .catch((e) => {
          failure = e;
        });
    });
    expect(musicErrorText(failure)).toBe("Vous devez être connecté.");
  });
});

describe("public note", () => {
  it("says 'Non connecté.', 'Session expirée…' or 'Erreur lors de l'enregistrement.'", async () => {
    const save = await render(useSavePublicNote);
    let failure: unknown;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(500, { success: false, message: "Erreur interne du serveur.", code: "INTERNAL" })),
    );
    await act(async () => {
      await save()
        .mutateAsync("Salut")
        .catch((e) => {
          failure = e;
        });
    });
    expect(noteErrorText(failure)).toBe("Erreur lors de l'enregistrement.");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { success: false, message: "Session expirée. Veuillez vous reconnecter.", code: "UNAUTHORIZED" })),
    );
    await act(async () => {
      await save()
        .mutateAsync("Salut")
        .catch((e) => {
          failure = e;
        });
    });
    expect(noteErrorText(failure)).toBe("Session expirée. Veuillez vous reconnecter.");
    expect(getSession()).toBeNull();
    await act(async () => {
      await save()
        .mutateAsync("Salut")
        .catch((e) => {
          failure = e;
        });
    });
    expect(noteErrorText(failure)).toBe("Non connecté.");
  });

  it("counts characters, shows 'Enregistrement…' then 'Note enregistrée.' and keeps what the server kept", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient();
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <NoteSection initial="Bonjour" />
        </QueryClientProvider>,
      ),
    );
    const input = host.querySelector<HTMLInputElement>("input")!;
    expect(input.placeholder).toBe("Écris une note (max 60 caractères)");
    expect(host.textContent).toContain("7/60");
    const button = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await act(async () => host.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })));
    // TanStack Query tells components on the next task.
    await act(() => vi.waitFor(() => expect(button.textContent).toBe("Enregistrement…")));
    expect(button.disabled).toBe(true);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ publicNote: "Bonjour" });
    await act(async () => answer(json(200, { success: true, message: "ok", publicNote: "Bonjour" })));
    await act(() => vi.waitFor(() => expect(host.textContent).toContain("Note enregistrée.")));
    expect(button.textContent).toBe("Enregistrer");
    expect(getSession()?.user.publicNote).toBe("Bonjour");
    host.remove();
  });
});
