import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { configureHashLimit, createHashLimiter, defaultHashConcurrency, hashEach, hashLimiter, verifySecret } from "./password-work";

/** A job that runs until `release()`, counting how many run at once. */
function gatedJobs() {
  let running = 0;
  let peak = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const job = async () => {
    running++;
    peak = Math.max(peak, running);
    await gate;
    running--;
    return "fait";
  };
  return { job, release, peak: () => peak, running: () => running };
}

afterEach(() => {
  configureHashLimit(null);
});

describe("hash limiter", () => {
  it("keeps one core for the event loop: cores − 1 hashes at once, at least one", () => {
    expect(defaultHashConcurrency(2)).toBe(1);
    expect(defaultHashConcurrency(1)).toBe(1);
    expect(defaultHashConcurrency(8)).toBe(7);
  });

  it("never runs more than N jobs at once and queues the rest until a slot frees", async () => {
    const limiter = createHashLimiter(2, 10);
    const gated = gatedJobs();
    const all = Array.from({ length: 8 }, () => limiter.run(gated.job));
    await Bun.sleep(5);
    expect(gated.running()).toBe(2);
    expect(limiter.active).toBe(2);
    expect(limiter.queued).toBe(6);
    gated.release();
    expect(await Promise.all(all)).toEqual(Array(8).fill("fait"));
    expect(gated.peak()).toBe(2);
    expect(limiter.queued).toBe(0);
  });

  it("refuses at once, with 503, a French message and Retry-After, when the queue is full", async () => {
    const limiter = createHashLimiter(1, 2);
    const gated = gatedJobs();
    const accepted = [limiter.run(gated.job), limiter.run(gated.job), limiter.run(gated.job)];
    const refused = await limiter.run(gated.job).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    const busy = refused as AppError;
    expect(busy.status).toBe(503);
    expect(busy.code).toBe("SERVER_BUSY");
    expect(busy.message).toBe("Trop de connexions en même temps : réessayez dans quelques secondes.");
    expect(busy.headers["Retry-After"]).toBe("5");
    gated.release();
    expect(await Promise.all(accepted)).toEqual(["fait", "fait", "fait"]);
    // Room again once the queue has drained.
    expect(await limiter.run(async () => "encore")).toBe("encore");
  });

  it("holds real argon2id checks to the limit", async () => {
    configureHashLimit(1);
    const hash = await Bun.password.hash("secret", { algorithm: "argon2id", memoryCost: 4096, timeCost: 1 });
    const original = Bun.password.verify;
    let running = 0;
    let peak = 0;
    Bun.password.verify = async (...args: Parameters<typeof original>) => {
      peak = Math.max(peak, ++running);
      try {
        return await original.apply(Bun.password, args);
      } finally {
        running--;
      }
    };
    try {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifySecret(i % 2 ? "secret" : "faux", hash)));
      expect(results.filter(Boolean)).toHaveLength(6);
      expect(peak).toBe(1);
    } finally {
      Bun.password.verify = original;
    }
  });

  it("an import's many hashes keep at most one waiting per slot, so a login queues behind few", async () => {
    configureHashLimit(1);
    const texts = Array.from({ length: 6 }, (_, i) => `premier-${i}`);
    const done = hashEach(texts, { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
    await Bun.sleep(0);
    expect(hashLimiter().active + hashLimiter().queued).toBeLessThanOrEqual(1);
    const hashes = await done;
    expect(await Bun.password.verify("premier-3", hashes[3]!)).toBe(true);
  });
});

describe("every password hash of the server goes through the limiter", () => {
  const src = join(import.meta.dirname, "..");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
    );

  it("no module but lib/password-work.ts calls Bun.password (tests aside)", () => {
    const callers = files(src)
      .filter((f) => !f.endsWith(".test.ts") && !f.endsWith("password-work.ts"))
      .filter((f) => /Bun\.password\./.test(readFileSync(f, "utf8")))
      .map((f) => relative(src, f));
    expect(callers).toEqual([]);
  });
});
