// npm run lighthouse: Lighthouse's mobile profile (simulated slow 4G, 4× slower CPU) on the
// compiled binary with the demo school: the home page as a guest, then /devoirs and / as a
// logged-in student. A measurement, not a test (npm test does not run it).
// Options: --no-build (reuse dist/planify-server), --runs N (median of N runs, default 1).
// Lighthouse and puppeteer-core are installed with npm into .cache/lighthouse on first use,
// not into the workspaces: their type packages would change the server's (undici-types).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildBinary } from "../lib/build";
import { root } from "../lib/paths";
import { must } from "../lib/run";
import { startServer } from "../bench/server-process";
import { formatTable, ms } from "../bench/table";

const { values: opt } = parseArgs({
  args: process.argv.slice(2),
  options: { "no-build": { type: "boolean", default: false }, runs: { type: "string", default: "1" } },
});
const TOOLS = { lighthouse: "13.5.0", "puppeteer-core": "25.16.0" };
const toolsDir = join(root, ".cache", "lighthouse");

/** The two tools, pinned, from the npm registry (no browser download: the system Chromium runs). */
async function loadTools() {
  const stamp = join(toolsDir, "node_modules", ".planify-versions");
  const wanted = JSON.stringify(TOOLS);
  if (!existsSync(stamp) || (await Bun.file(stamp).text()) !== wanted) {
    mkdirSync(toolsDir, { recursive: true });
    writeFileSync(join(toolsDir, "package.json"), JSON.stringify({ name: "planify-lighthouse", private: true }));
    console.log("[planify] Installation de Lighthouse depuis le registre npm…");
    await must(
      [
        "npm",
        "install",
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        ...Object.entries(TOOLS).map(([n, v]) => `${n}@${v}`),
      ],
      { cwd: toolsDir },
    );
    writeFileSync(stamp, wanted);
  }
  const lighthouse = (await import(join(toolsDir, "node_modules", "lighthouse", "core", "index.js"))).default as Lighthouse;
  const puppeteer = (await import(join(toolsDir, "node_modules", "puppeteer-core", "lib", "puppeteer", "puppeteer-core.js")))
    .default as Puppeteer;
  return { lighthouse, puppeteer };
}

// The little of both APIs used here (their own types stay out of the workspace).
interface Page {
  goto(url: string): Promise<unknown>;
  evaluate<A>(fn: (arg: A) => Promise<void>, arg: A): Promise<void>;
}
interface Audit {
  numericValue?: number;
  details?: unknown;
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config: undefined,
  page: Page,
) => Promise<{ lhr: { audits: Record<string, Audit>; runtimeError?: { code: string; message: string } } } | undefined>;
interface Puppeteer {
  launch(options: {
    executablePath: string;
    headless: boolean;
    args: string[];
  }): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }>;
}

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const DEMO_STUDENT = { username: "emma.petit", password: "planify-demo" };

interface Figures {
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  lcpElement: string;
}

const { lighthouse, puppeteer } = await loadTools();

// Lighthouse now and then loses the start of its trace (NO_NAVSTART, "please run Lighthouse
// again"): such a run is run again, twice at most, and said so.
const RETRIED_ERRORS = new Set(["NO_NAVSTART"]);

async function measure(page: Page, url: string, keepStorage: boolean, attempt = 1): Promise<Figures> {
  const result = await lighthouse(
    url,
    { output: "json", onlyCategories: ["performance"], disableStorageReset: keepStorage, logLevel: "error" },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const error = result.lhr.runtimeError;
  if (error && RETRIED_ERRORS.has(error.code) && attempt < 3) {
    console.log(`[planify] Lighthouse sur ${url} : ${error.code}, mesure relancée.`);
    return measure(page, url, keepStorage, attempt + 1);
  }
  if (error) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
  const audits = result.lhr.audits;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  // The LCP element is the node entry of the LCP breakdown insight.
  const parts = (audits["lcp-breakdown-insight"]?.details as { items?: { type: string; nodeLabel?: string }[] } | undefined)?.items ?? [];
  const label = parts.find((p) => p.type === "node")?.nodeLabel ?? "";
  return {
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbt: value("total-blocking-time"),
    lcpElement: label.replace(/\s+/g, " ").slice(0, 50),
  };
}

/** The median run by LCP. */
async function median(runs: number, once: () => Promise<Figures>): Promise<Figures> {
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await once());
  return all.sort((a, b) => a.lcp - b.lcp)[Math.floor(all.length / 2)]!;
}

const binary = opt["no-build"] ? join(root, "dist", "planify-server") : await buildBinary();
const dataDir = mkdtempSync(join(tmpdir(), "planify-lighthouse-"));
const server = await startServer(binary, join(dataDir, "data"), { PLANIFY_DEMO: "1", PLANIFY_ADMIN_PASSWORD: "lighthouse-admin-2026" });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: CHROME_FLAGS.slice(1),
});
try {
  const runs = Number(opt.runs);
  const page = await browser.newPage();
  // A first visit: Lighthouse's own first navigation from a blank tab can fail here.
  await page.goto(`${server.base}/`);
  const rows: [string, Figures][] = [];
  rows.push(["/ (guest)", await median(runs, () => measure(page, `${server.base}/`, false))]);
  // Log in as the app does: the session cookie from the login answer, the session in local storage.
  await page.goto(`${server.base}/`);
  await page.evaluate(async (who) => {
    const res = await fetch("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(who),
    });
    const login = (await res.json()) as { user: unknown; token: string; expiresAt: string; hasSecretQuestions: boolean };
    const session = {
      user: login.user,
      token: login.token,
      expiresAt: login.expiresAt,
      hasSecretQuestions: login.hasSecretQuestions,
      rememberMe: true,
    };
    localStorage.setItem("planify.user", JSON.stringify(session));
  }, DEMO_STUDENT);
  rows.push(["/devoirs (student)", await median(runs, () => measure(page, `${server.base}/devoirs`, true))]);
  rows.push(["/ (student)", await median(runs, () => measure(page, `${server.base}/`, true))]);
  console.log(`\nLighthouse mobile (simulated slow 4G, 4× CPU), median of ${runs} run(s) — goal: LCP ≤ 1.0 s, CLS ≈ 0\n`);
  console.log(
    formatTable(
      ["Page", "LCP", "FCP", "CLS", "TBT", "LCP element"],
      rows.map(([name, f]) => [name, ms(f.lcp), ms(f.fcp), f.cls.toFixed(3), ms(f.tbt), f.lcpElement]),
    ),
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
