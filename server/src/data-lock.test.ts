import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dataDirHeld, DataDirBusy, lockDataDir, lockWhenFree, servingHolder } from "./data-lock";

const root = mkdtempSync(join(tmpdir(), "planify-verrou-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the data folder's lock", () => {
  it("a pid file that cannot be written does not leave the folder locked with no way to release it", () => {
    const dir = join(root, "pid-impossible");
    mkdirSync(dir);
    // The temporary pid file's name is taken by a folder: its write fails after the lock is taken.
    mkdirSync(join(dir, `planify.pid.${process.pid}`));
    expect(() => lockDataDir(dir)).toThrow(/EISDIR/);
    expect(dataDirHeld(dir)).toBe(false);
    expect(existsSync(join(dir, `planify.pid.${process.pid}`))).toBe(true);
    rmSync(join(dir, `planify.pid.${process.pid}`), { recursive: true });
    const lock = lockDataDir(dir);
    expect(dataDirHeld(dir)).toBe(true);
    lock.release();
    expect(existsSync(join(dir, "planify.pid"))).toBe(false);
  });

  it("names the serving holder only once it has announced itself, and forgets it when released", () => {
    const dir = join(root, "annonce");
    mkdirSync(dir);
    const lock = lockDataDir(dir);
    // A restore or a backup holds the folder without serving: nothing to take over.
    expect(servingHolder(dir)).toBeNull();
    lock.announce({ host: "127.0.0.1", port: 4321 });
    expect(servingHolder(dir)).toEqual({ pid: process.pid, host: "127.0.0.1", port: 4321 });
    lock.release();
    expect(servingHolder(dir)).toBeNull();
    expect(existsSync(join(dir, "planify.serving"))).toBe(false);
  });

  it("ignores an announce that names another process than the pid file, or a dead one, or is unreadable", () => {
    const dir = join(root, "annonce-perimee");
    mkdirSync(dir);
    const lock = lockDataDir(dir);
    try {
      writeFileSync(join(dir, "planify.serving"), JSON.stringify({ pid: process.pid + 1, host: "127.0.0.1", port: 1 }));
      expect(servingHolder(dir)).toBeNull();
      writeFileSync(join(dir, "planify.serving"), "{ à moitié");
      expect(servingHolder(dir)).toBeNull();
      // A dead process's PID in both files (left by a crash whose PID was written back by hand).
      const dead = Bun.spawnSync([process.execPath, "-e", "console.log(process.pid)"]).stdout.toString().trim();
      writeFileSync(join(dir, "planify.pid"), dead);
      writeFileSync(join(dir, "planify.serving"), JSON.stringify({ pid: Number(dead), host: "127.0.0.1", port: 1 }));
      expect(servingHolder(dir)).toBeNull();
    } finally {
      lock.release();
    }
  });

  it("a new lock clears the announce a crashed server left behind", () => {
    const dir = join(root, "apres-plantage");
    mkdirSync(dir);
    writeFileSync(join(dir, "planify.serving"), JSON.stringify({ pid: 1, host: "127.0.0.1", port: 1 }));
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, "planify.serving"))).toBe(false);
    lock.release();
  });

  it("lockWhenFree takes the folder once its holder lets it go, or gives up after its wait", async () => {
    const dir = join(root, "attente");
    mkdirSync(dir);
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusy);
    const started = Date.now();
    expect(await lockWhenFree(dir, 200)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    setTimeout(() => first.release(), 150);
    const second = await lockWhenFree(dir, 5_000);
    expect(second).not.toBeNull();
    expect(dataDirHeld(dir)).toBe(true);
    second!.release();
  });
});
