// Sends one Web Push message. web-push builds the encrypted body (RFC 8291, aes128gcm) and
// the VAPID header; the request itself goes through fetch, with a timeout and no redirect.
import { createHash } from "node:crypto";
import type { ReminderPayload } from "./messages";
import type { VapidKeys } from "./vapid";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent; gone: the push service forgot the subscription (404/410), drop it; retry: try later. */
export type PushOutcome = "sent" | "gone" | "retry";

const TIMEOUT_MS = 15_000;
/** A reminder older than this is useless: the push service may drop it. */
const TTL_SECONDS = 12 * 3600;

/** Topic header (≤ 32 base64url characters): a queued message with the same topic is replaced at the push service. */
export const pushTopic = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 32);

/** Encrypts and posts one message to a subscription's push service. */
export async function sendPush(vapid: VapidKeys, target: PushTarget, payload: ReminderPayload, key: string): Promise<PushOutcome> {
  // web-push (and its crypto helpers) is loaded with the first push, not at start.
  const { default: webpush } = await import("web-push");
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TTL_SECONDS,
      urgency: "normal",
      topic: pushTopic(key),
    },
  );
  let status: number;
  try {
    const res = await fetch(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body as Uint8Array,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    return "retry";
  }
  if (status === 404 || status === 410) return "gone";
  return status >= 200 && status < 300 ? "sent" : "retry";
}

const PRIVATE_HOST = /^(localhost|.*\.localhost|.*\.local|.*\.internal|\[.*\]|\d+\.\d+\.\d+\.\d+)$/i;

/**
 * Whether the server may post to this endpoint: https to a named host. Push services are
 * public (FCM, Mozilla, Apple, Microsoft); refusing addresses and local names keeps the
 * endpoint from aiming the server at the school's own network. Tests allow loopback.
 */
export function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    // Not a URL: refused like any endpoint off the allowed hosts.
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost")) return true;
  return url.protocol === "https:" && !PRIVATE_HOST.test(url.hostname);
}

/** A P-256 public key (65 bytes, uncompressed) and a 16-byte secret, as browsers give them. */
export function keysValid(p256dh: string, auth: string): boolean {
  const key = Buffer.from(p256dh, "base64url");
  return key.length === 65 && key[0] === 4 && Buffer.from(auth, "base64url").length === 16;
}
