import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createECDH } from "node:crypto";

/** The server's Web Push identity (RFC 8292): the key pair browsers bind subscriptions to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for push services: the school's public address, else a mailto. */
  subject: string;
}

/** Fresh keys (tests, and the first start). */
export function generateVapidKeys(subject = "mailto:no-reply@planify.local"): VapidKeys {
  // A P-256 key pair, base64url: the raw 65-byte public point and 32-byte private scalar
  // (what web-push's generateVAPIDKeys gives, without loading web-push at start).
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  // The scalar may come shorter when it starts with zero bytes: keys are always 32 bytes.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url");
  return { publicKey: ecdh.getPublicKey("base64url"), privateKey, subject };
}

/**
 * Reads the keys kept in the data folder, creating them at first start. They must outlive
 * upgrades: a new key pair would silently orphan every subscription already given out.
 */
export function loadVapidKeys(file: string, publicUrl: string | null): VapidKeys {
  const subject = publicUrl?.startsWith("https://") ? publicUrl : "mailto:no-reply@planify.local";
  if (!existsSync(file)) {
    const { publicKey, privateKey } = generateVapidKeys();
    writeFileSync(file, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const kept = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
  if (typeof kept.publicKey !== "string" || typeof kept.privateKey !== "string") {
    throw new Error(
      `Le fichier ${file} est illisible : supprimez-le pour en générer un nouveau (chaque appareil devra réactiver les rappels).`,
    );
  }
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
