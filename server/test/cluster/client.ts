// What the cluster test sends and checks: calls that report their status (not throw), files
// that differ from one another, and a poll with a deadline.
import { createHash } from "node:crypto";
import type { Browser, Page } from "@playwright/test";

export interface Student {
  username: string;
  id: string;
  token: string;
}

export interface Reply {
  status: number;
  json: Record<string, unknown> | null;
}

export async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON (a download, a proxy's error page): the status says what happened.
  }
  return { status: res.status, json };
}

/** A PDF's bytes (its signature, then `seed`'s pseudo-random bytes): each file differs. */
export function pdfBytes(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  let x = seed * 2_654_435_761 + 1;
  for (let i = 16; i < size; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** Length and SHA-256 of some bytes, compared as one string (a deep toEqual of megabytes takes seconds). */
export const digest = (bytes: Uint8Array | ArrayBuffer) =>
  `${bytes.byteLength} bytes, sha256 ${createHash("sha256").update(new Uint8Array(bytes)).digest("hex")}`;

/** Polls `probe` until it returns true; resolves with the time it took, or null after `ms`. */
export async function within(ms: number, probe: () => Promise<boolean>): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < ms) {
    if (await probe()) return performance.now() - start;
    await Bun.sleep(20);
  }
  return (await probe()) ? performance.now() - start : null;
}

/**
 * A page of `base` signed in as this account the way the app keeps a session (localStorage),
 * secret questions taken as set so no dialog covers the list.
 */
export async function signedInPage(browser: Browser, base: string, username: string, password: string): Promise<Page> {
  const signedIn = await call(base, "POST", "/api/users/login", undefined, { username, password });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${username}: ${signedIn.status}`);
  const { user, token, expiresAt } = signedIn.json as { user: unknown; token: string; expiresAt: string };
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((session) => localStorage.setItem("planify.user", JSON.stringify(session)), {
    user,
    token,
    expiresAt,
    hasSecretQuestions: true,
    rememberMe: true,
  });
  return page;
}
