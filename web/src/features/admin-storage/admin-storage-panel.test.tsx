import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminStorageResponse } from "@planify/common/schemas/storage";
import { cleanup, json, mount, routeFetch, settle, signIn } from "../../lib/social/test-fixtures";
import { AdminStoragePanel } from "./admin-storage-panel";

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;
const storage = (over: Partial<AdminStorageResponse> = {}): AdminStorageResponse => ({
  success: true,
  freeBytes: 42 * 1024 * MB,
  totalBytes: 100 * 1024 * MB,
  minFreeBytes: 500 * MB,
  low: false,
  uploadsBytes: 1536 * MB,
  userQuotaBytes: 500 * MB,
  ...over,
});

async function open(answer: () => Response) {
  signIn({ role: "admin", isAdmin: true });
  vi.stubGlobal("fetch", routeFetch({ "GET /admin/storage": answer }).fetch);
  await mount(<AdminStoragePanel />);
  await settle();
}

const figure = (label: string) =>
  [...document.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

describe("the storage section of the admin dashboard", () => {
  it("shows the free space, what uploads take and the quota, without a warning above the threshold", async () => {
    await open(() => json(200, storage()));
    expect(figure("Espace libre")).toBe("42 Go sur 100 Go");
    expect(figure("Fichiers déposés")).toBe("1,5 Go");
    expect(figure("Quota par compte élève")).toBe("500 Mo");
    expect(document.body.textContent).toContain("Disque utilisé à 58 % · alerte sous 500 Mo libres.");
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("says when IT turned the low-space alert off", async () => {
    await open(() => json(200, storage({ minFreeBytes: 0 })));
    expect(document.body.textContent).toContain("Disque utilisé à 58 % · aucune alerte d'espace (PLANIFY_DISK_MIN_FREE_MB=0).");
    expect(document.body.textContent).not.toContain("alerte sous");
  });

  it("warns under the threshold and says when there is no quota", async () => {
    await open(() => json(200, storage({ freeBytes: 120 * MB, low: true, userQuotaBytes: null })));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      "Espace disque faible : il reste 120 Mo, sous le seuil de 500 Mo. Libérez de la place ou agrandissez le disque : une fois plein, les dépôts et les achats seront refusés.",
    );
    expect(figure("Quota par compte élève")).toBe("Aucun");
  });

  it("says so in French when the figures cannot be read", async () => {
    await open(() => json(403, { success: false, message: "Accès refusé.", code: "FORBIDDEN" }));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Impossible de lire l'espace disque");
    expect(document.querySelector('[role="alert"]')?.textContent).toContain("Accès refusé.");
  });

  it("offers « Réessayer » after a failure, which shows the figures once the server answers", async () => {
    let calls = 0;
    await open(() =>
      ++calls === 1 ? json(500, { success: false, message: "Erreur interne du serveur.", code: "INTERNAL" }) : json(200, storage()),
    );
    expect(figure("Espace libre")).toBeUndefined();
    const retry = [...document.querySelectorAll("button")].find((b) => b.textContent === "Réessayer")!;
    retry.click();
    await settle();
    expect(calls).toBe(2);
    expect(figure("Espace libre")).toBe("42 Go sur 100 Go");
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
