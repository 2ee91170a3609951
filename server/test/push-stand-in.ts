// A stand-in for a browser's push service, on 127.0.0.1. Chromium here cannot reach
// Google's push service (no Internet), so the tests play both sides a browser would: they
// make a subscription's keys (P-256 pair and 16-byte secret) as the browser does, receive
// the server's real Web Push request over HTTP, check its VAPID JWT (RFC 8292) and decrypt
// its aes128gcm body (RFC 8291) with the subscription's private key.
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { importJWK, jwtVerify } from "jose";

export interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Private half, kept by the "browser" to decrypt. */
  privateKey: Buffer;
}

export interface PushStandIn {
  url: string;
  received: ReceivedPush[];
  /** Status answered from now on; "hang" never answers (a send cut by a crash). */
  answer: number | "hang";
  subscribe(name: string): BrowserSubscription;
  stop(): void;
}

/** Starts the stand-in on a random loopback port. */
export function startPushStandIn(): PushStandIn {
  const hung: ((r: Response) => void)[] = [];
  const state: PushStandIn = {
    url: "",
    received: [],
    answer: 201,
    subscribe(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return {
        endpoint: `${state.url}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
        privateKey: ecdh.getPrivateKey(),
      };
    },
    stop() {
      for (const h of hung) h(new Response(null, { status: 503 }));
      server.stop(true);
    },
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const body = new Uint8Array(await req.arrayBuffer());
      state.received.push({ path: new URL(req.url).pathname, headers: Object.fromEntries(req.headers), body });
      if (state.answer === "hang") return new Promise<Response>((resolve) => hung.push(resolve));
      return new Response(null, { status: state.answer });
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  return state;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (one record) as the browser would; returns the JSON. */
export function decryptPush(sub: BrowserSubscription, body: Uint8Array): Record<string, unknown> {
  const buf = Buffer.from(body);
  const salt = buf.subarray(0, 16);
  const idlen = buf[20]!;
  const serverPublic = buf.subarray(21, 21 + idlen);
  const cipher = buf.subarray(21 + idlen);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const auth = Buffer.from(sub.keys.auth, "base64url");
  const uaPublic = Buffer.from(sub.keys.p256dh, "base64url");
  const prkKey = hmac(auth, shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, serverPublic, Buffer.from([1])])).subarray(0, 32);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("last-record padding delimiter missing");
  return JSON.parse(plain.subarray(0, end).toString("utf8")) as Record<string, unknown>;
}

/** Checks the VAPID header as a push service does; returns the JWT claims and the key it names. */
export async function verifyVapid(headers: Record<string, string>, endpoint: string) {
  const m = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? "");
  if (!m) throw new Error(`no VAPID authorization header: ${headers.authorization}`);
  const raw = Buffer.from(m[2]!, "base64url");
  const key = await importJWK(
    { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    "ES256",
  );
  const { payload, protectedHeader } = await jwtVerify(m[1]!, key, { audience: new URL(endpoint).origin });
  return { claims: payload, alg: protectedHeader.alg, publicKey: m[2]! };
}
