import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiLogin } from "./support";

/** Paris calendar day, `offset` days from today, as YYYY-MM-DD. */
export function parisDay(offset = 0): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
  const [y, m, d] = parts.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
}

/** A small but real PDF (the server checks types by content). */
export function pdf(text: string, padBytes = 0): Buffer {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n${"%".repeat(padBytes)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** Creates a task through the API as `username`; returns its id. */
export async function createTaskAs(request: APIRequestContext, username: string, body: Record<string, unknown>): Promise<string> {
  const { token } = await apiLogin(request, username);
  const res = await request.post("/api/events", { data: body, headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`create task failed: ${res.status()} ${await res.text()}`);
  const json = (await res.json()) as { id?: string; _id?: string };
  return String(json.id ?? json._id);
}

export const SHOTS = fileURLToPath(new URL("../../.screenshots/tasks", import.meta.url));

/** Waits until the homework list has loaded (title shown, loading text gone). */
export async function openList(page: Page) {
  await page.getByRole("heading", { name: "Liste des devoirs" }).waitFor();
  await page.getByText("Chargement des devoirs...").waitFor({ state: "detached" });
}

/** Acknowledges the announcements waiting for demo accounts (the demo greets everyone with one). */
export async function clearAnnouncements(request: APIRequestContext, usernames: string[]) {
  for (const username of usernames) {
    const { token } = await apiLogin(request, username);
    const headers = { Authorization: `Bearer ${token}` };
    for (let i = 0; i < 20; i++) {
      const res = await request.get("/api/popups/for-me", { headers });
      if (res.status() === 204) break;
      const { id } = (await res.json()) as { id: string };
      await request.post(`/api/popups/ack/${id}`, { headers });
    }
  }
}

export const DEMO_USERS = ["lea.martin", "emma.petit", "lucas.moreau", "m.durand"];
