import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, request, test } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// The ENT sign-in specs run a compiled server of their own, beside a real provider PROCESS (the
// OpenID provider oidc-provider, the test CAS 3.0 server or the test SAML IdP, from server/src/features/sso run by
// bun), with PLANIFY_SSO_CONFIG naming a file that describes that provider. One starter for
// every kind: a kind is the provider script's command line and how to read the entry it prints.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BINARY = process.env.PLANIFY_DIST_DIR ? join(process.env.PLANIFY_DIST_DIR, "planify-server") : join(ROOT, "dist/planify-server");
const SSO_DIR = join(ROOT, "server/src/features/sso");

/** A test provider run as a process: its script and arguments, and Planify's entry from its first printed line. */
export interface ProviderProcess {
  /** The bun script's arguments, given Planify's address, the provider's port and a scratch folder. */
  args(at: { base: string; port: number; dir: string }): string[];
  /** The provider's address and Planify's entry for it, from the first line the process prints. */
  read(line: string): { url: string; entry: Record<string, unknown> };
}

/** The role mapping and sign-in policy of the entry (provision needs both). */
export interface SiteOptions {
  policy?: "existing" | "provision";
  roles?: { claim: string; values: Record<string, "eleve" | "prof"> };
  /** false: no PLANIFY_SSO_CONFIG, the admin adds the provider in « Connexion ENT » (from `entry`). */
  inFile?: boolean;
}

/** The OpenID provider (oidc-provider); `accounts`: login typed on its page → the claims it vouches for. */
export function oidcProcess(accounts: Record<string, Record<string, unknown>>): ProviderProcess {
  return {
    args: ({ base, port }) => [
      join(SSO_DIR, "test-oidc-provider.ts"),
      ...["--port", String(port), "--app-origin", base, "--accounts", JSON.stringify(accounts)],
    ],
    read: (line) => {
      const entry = JSON.parse(line) as { issuer: string };
      return { url: entry.issuer, entry };
    },
  };
}

/** The label of the test CAS's entry (the CAS process prints only its address). */
export const CAS_LABEL = "Connexion ENT Université de Test (CAS)";
/** The password of every account of the test CAS (CAS_TEST_PASSWORD of test-cas-server.ts). */
export const CAS_PASSWORD = "mot-de-passe-du-cas";

/** The test CAS 3.0 server; `accounts`: login → the attributes it releases (password CAS_PASSWORD). */
export function casProcess(accounts: Record<string, Record<string, string | string[]>>): ProviderProcess {
  return {
    args: ({ port, dir }) => {
      const file = join(dir, "comptes-cas.json");
      writeFileSync(
        file,
        JSON.stringify(Object.fromEntries(Object.entries(accounts).map(([login, attributes]) => [login, { attributes }]))),
      );
      return [join(SSO_DIR, "test-cas-server.ts"), "--port", String(port), "--accounts", file];
    },
    read: (url) => ({ url, entry: { id: "ent", kind: "cas", label: CAS_LABEL, casUrl: url } }),
  };
}

/** The label of the test SAML IdP's entry. */
export const SAML_LABEL = "Connexion ENT Université de Test (SAML)";

/** The test SAML 2.0 IdP (samlify); `accounts`: login typed on its page → its attributes (friendly names), the username from uid. */
export function samlProcess(accounts: Record<string, Record<string, string | string[]>>): ProviderProcess {
  return {
    args: ({ port, dir }) => {
      const file = join(dir, "comptes-saml.json");
      writeFileSync(file, JSON.stringify(accounts));
      return [join(SSO_DIR, "test-saml-idp.ts"), "--port", String(port), "--accounts", file];
    },
    // « IdP SAML de test : http://127.0.0.1:N (métadonnées : …/metadata) »
    read: (line) => {
      const url = line.match(/https?:\/\/[^\s)]+/)![0];
      return { url, entry: { id: "ent", kind: "saml", label: SAML_LABEL, idpMetadataUrl: `${url}/metadata`, usernameClaim: "uid" } };
    },
  };
}

export interface SsoSite {
  /** Planify's address. */
  base: string;
  /** The provider's address (the OpenID issuer, the CAS's /cas, the SAML IdP's root). */
  provider: string;
  /** Planify's entry for the provider (what the file holds, or what the admin types). */
  entry: Record<string, unknown>;
  stop(): void;
}

/** The first line a process prints (its provider entry), or its exit as an error. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf("\n");
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`the test provider stopped (${code})`)));
  });
}

/** The demo school takes its time to seed on a busy machine (23 s seen beside a full test run). */
const STARTUP_MS = 100_000;

async function healthy(base: string): Promise<void> {
  for (const deadline = Date.now() + STARTUP_MS; Date.now() < deadline; ) {
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${base} never answered /api/health`);
}

/**
 * Starts the provider process on `port + 1` and the demo school on `port`, signing in through
 * it under `options` (policy "existing" and no role mapping by default).
 */
export async function startSsoSite(port: number, kind: ProviderProcess, { inFile = true, ...options }: SiteOptions = {}): Promise<SsoSite> {
  test.setTimeout(STARTUP_MS + 20_000);
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "planify-e2e-sso-"));
  const provider = spawn(process.env.PLANIFY_BUN ?? "bun", kind.args({ base, port: port + 1, dir }), {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let server: ChildProcess | undefined;
  const stop = () => {
    server?.kill("SIGTERM");
    provider.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { url, entry } = kind.read(await firstLine(provider));
    const config = join(dir, "sso.json");
    writeFileSync(config, JSON.stringify({ providers: [{ ...entry, ...options }] }));
    const { PLANIFY_SSO_CONFIG: _none, ...env } = process.env;
    server = spawn(BINARY, ["--data-dir", join(dir, "data"), "--port", String(port), "--host", "127.0.0.1", "--demo"], {
      env: {
        ...env,
        PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ...(inFile ? { PLANIFY_SSO_CONFIG: config } : {}),
        PLANIFY_PUBLIC_URL: base,
        PLANIFY_DISK_MIN_FREE_MB: "0",
      },
      stdio: "ignore",
    });
    await healthy(base);
    return { base, provider: url, entry, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** What the admin types in « Connexion ENT »: the protocol, the kind's own fields by their labels, the student values. */
export interface ProviderFormInput {
  kind: "OpenID Connect" | "SAML 2.0";
  label: string;
  fields: Record<string, string>;
  /** The status attribute and its values that make a student (policy « Créés à la première connexion »). */
  students: { claim: string; values: string[] };
  /** The username attribute, left empty: the default the field names (the server's). */
  usernameDefault: string;
}

/**
 * The admin adds provider "ent" in « Connexion ENT » (real clicks, policy « provision »), the
 * filled form photographed at every size and theme into `shots`, then saved, listed and tested.
 */
export async function addProviderAsAdmin(page: Page, input: ProviderFormInput, shots: string): Promise<void> {
  await loginAs(page, "admin", "/admin?section=connexion-ent", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Connexion ENT" });
  await panel.getByRole("button", { name: "Ajouter un fournisseur" }).click();
  const form = panel.getByRole("form", { name: "Ajouter un fournisseur" });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field("Protocole").selectOption({ label: input.kind });
  await field("Identifiant").fill("ent");
  await field("Libellé").fill(input.label);
  for (const [label, value] of Object.entries(input.fields)) await field(label).fill(value);
  await field("Comptes").selectOption({ label: "Créés à la première connexion" });
  await expect(field("Attribut de l'identifiant")).toHaveAttribute("placeholder", `si vide : ${input.usernameDefault}`);
  await field("Attribut du statut").fill(input.students.claim);
  for (const [i, value] of input.students.values.entries()) {
    await form.getByRole("button", { name: "Ajouter une valeur" }).click();
    await field(`Valeur ${i + 1}`).fill(value);
    await expect(field(`Rôle ${i + 1}`)).toHaveValue("eleve");
  }
  const name = input.kind === "SAML 2.0" ? "saml" : "oidc";
  await atEveryThemeAndSize(page, async (width, theme) => {
    // The form alone, from the page scrolled to the top (the sticky top bar then stays off it).
    await page.evaluate(() => window.scrollTo(0, 0));
    const clip = (await form.boundingBox())!;
    await page.screenshot({ path: `${shots}/${name}-form-${width}-${theme}.png`, fullPage: true, clip });
  });
  await form.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByRole("status")).toContainText("Fournisseur ENT ajouté.");
  const item = panel.locator('li[data-provider="ent"]');
  await expect(item.getByRole("heading", { name: input.label })).toBeVisible();
  await expect(item.getByText(input.kind, { exact: true })).toBeVisible();
  await expect(item.getByText("Crée le compte à la première connexion")).toBeVisible();
  // « Tester la connexion » reaches the running provider.
  await item.getByRole("button", { name: "Tester la connexion" }).click();
  await expect(item.getByRole("status")).toHaveText(/^Connexion réussie : /);
}

/** The accounts of `site` whose username starts with `prefix` (the admin's list, from a context of its own). */
export async function accountsNamed(site: SsoSite, prefix: string): Promise<{ id: string; username: string }[]> {
  const admin = await request.newContext({ baseURL: site.base });
  const { token } = await apiLogin(admin, "admin", ADMIN_PASSWORD);
  const res = await admin.get("/api/users-admin", { headers: { authorization: `Bearer ${token}` } });
  const { users } = (await res.json()) as { users: { id: string; username: string }[] };
  await admin.dispose();
  return users.filter((u) => u.username.startsWith(prefix));
}
