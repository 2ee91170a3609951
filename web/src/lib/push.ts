// Web Push on this browser: permission, the service worker registration and the subscription.
// The app's service worker (/sw.js, web/sw/) shows the pushed reminders; it is normally
// registered after the first paint already, and registered here if it is not yet.

import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./pwa/service-worker-url";

export type PushState = "unsupported" | "denied" | "default" | "granted";

/** What this browser allows: no Push API at all, or the notification permission. */
export function pushState(): PushState {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission;
}

/** The site's service worker registration, registering /sw.js when none exists yet. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (!existing) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if any (without registering anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushState() === "unsupported") return null;
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export class PushSetupError extends Error {}

/** Asks the permission, then subscribes with the server's key (again if the key changed). */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON> {
  if (pushState() === "unsupported") throw new PushSetupError("Ce navigateur ne permet pas les notifications.");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushSetupError("Notifications refusées : autorisez-les pour ce site dans les réglages du navigateur, puis réessayez.");
  }
  const reg = await pushRegistration();
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  const sameKey = sub?.options.applicationServerKey && new Uint8Array(sub.options.applicationServerKey).every((b, i) => b === key[i]);
  if (sub && !sameKey) {
    await sub.unsubscribe();
    sub = null;
  }
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushSetupError("Le service de notification du navigateur ne répond pas : réessayez plus tard.");
  }
  return sub.toJSON();
}
