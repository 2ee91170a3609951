import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dataDirHeld, lockDataDir } from "./data-lock";

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
});
