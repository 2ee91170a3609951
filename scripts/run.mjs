#!/usr/bin/env node
// Entry point of every npm script. It needs only Node >= 20 and npm: it fetches the pinned
// Bun from the npm registry into .cache/bun when no suitable Bun is found, installs the
// workspace dependencies from bun.lock when they are missing or stale, then hands the
// task over to scripts/tasks/<task>.ts running under Bun.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BUN_VERSION = "1.4.5";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const task = process.argv[2];
const args = process.argv.slice(3);

if (!task || !existsSync(join(root, "scripts", "tasks", `${task}.ts`))) {
  console.error(`Unknown task "${task ?? ""}". See package.json scripts.`);
  process.exit(2);
}

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { stdio: "inherit", cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function bunVersionOf(bin) {
  const r = spawnSync(bin, ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

function ensureBun() {
  const local = join(root, ".cache", "bun", "node_modules", ".bin", "bun");
  if (existsSync(local) && bunVersionOf(local) === BUN_VERSION) return local;
  console.log(`[planify] Installation de Bun ${BUN_VERSION} depuis le registre npm…`);
  const dir = join(root, ".cache", "bun");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "planify-bun", private: true }));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const status = run(
    npm,
    ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", `bun@${BUN_VERSION}`],
    { cwd: dir },
  );
  if (status !== 0 || bunVersionOf(local) !== BUN_VERSION) {
    console.error("[planify] Impossible d'installer Bun depuis le registre npm.");
    process.exit(1);
  }
  return local;
}

function installState() {
  return ["package.json", "bun.lock", "common/package.json", "server/package.json", "web/package.json", "desktop/package.json"]
    .map((p) => join(root, p))
    .map((p) => (existsSync(p) ? readFileSync(p, "utf8") : ""))
    .join("\0");
}

function ensureDependencies(bun) {
  const stamp = join(root, "node_modules", ".planify-install-state");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === installState()) return;
  console.log("[planify] Installation des dépendances (bun install)…");
  const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
  if (run(bun, ["install", ...frozen]) !== 0) process.exit(1);
  writeFileSync(stamp, installState());
}

const bun = ensureBun();
ensureDependencies(bun);
const env = { ...process.env, PLANIFY_BUN: bun, PATH: `${dirname(bun)}:${process.env.PATH}` };
process.exit(run(bun, [join("scripts", "tasks", `${task}.ts`), ...args], { env }));
