import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestContext, type TestUser } from "../test/helpers";
import { cleanEnv, ensureWebAssetMap, MAIN, postJson, startServer } from "../test/process";
import { openDatabase } from "./db/client";
import { authAttempts } from "./db/schema";
import { passwordFromInput, readablePassword, resetPasswordCommand, resetPasswordInDatabase } from "./reset-password";

// `planify-server reset-password`: the way back in when the only admin is locked out.
const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-reset-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("reset-password on the database a running app uses", () => {
  let ctx: TestContext;
  let admin: TestUser;
  let dbPath: string;
  const login = (username: string, password: string, address = "203.0.113.200") =>
    ctx.request("POST", "/api/users/login", { body: { username, password }, headers: { "x-forwarded-for": address } });
  const me = (token: string) => ctx.request("GET", `/api/users/${admin.id}`, { token });

  beforeAll(async () => {
    dbPath = join(newDir(), "planify.db");
    const handle = openDatabase(dbPath);
    ctx = createTestApp({ db: handle.db, engine: handle.engine });
    // Each caller gets its own address, so only the per-account lock is at play.
    ctx.deps.settings.trustProxy = true;
    admin = await ctx.user({ role: "admin", username: "Jean Dupont" });
  });
  afterAll(() => ctx.close());

  it("prints a readable password once, closes old sessions and lifts the login lock", async () => {
    for (let i = 0; i < 10; i++) expect((await login("jeandupont", `faux-${i}-mot`, `198.51.100.${i}`)).status).toBe(401);
    expect((await login("jeandupont", admin.password)).status).toBe(429);
    expect((await me(admin.token)).status).toBe(200);

    const lines: string[] = [];
    await resetPasswordCommand(dbPath, "jean dupont", { stdin: false, isTty: true, print: (l) => lines.push(l) });

    const password = lines[0]!.match(/^Nouveau mot de passe de « Jean Dupont » : (\S+)$/)?.[1];
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(lines.slice(1)).toEqual([
      "(affiché une seule fois : notez-le et transmettez-le de façon sûre)",
      "Ses sessions ouvertes sont fermées et son blocage de connexion est levé.",
    ]);
    expect((await me(admin.token)).status).toBe(401);
    expect((await login("Jean Dupont", admin.password)).status).toBe(401);
    const fresh = await login("Jean Dupont", password!);
    expect(fresh.status).toBe(200);
    expect((await me(((await fresh.json()) as { token: string }).token)).status).toBe(200);
  });

  it("takes the password from standard input when asked, and never prints it", async () => {
    const lines: string[] = [];
    await resetPasswordCommand(dbPath, "Jean Dupont", {
      stdin: true,
      isTty: true,
      input: async () => "choisi-par-l-it-2026\n",
      print: (l) => lines.push(l),
    });
    expect(lines).toEqual([
      "Mot de passe de « Jean Dupont » changé.",
      "Ses sessions ouvertes sont fermées et son blocage de connexion est levé.",
    ]);
    expect((await login("Jean Dupont", "choisi-par-l-it-2026")).status).toBe(200);
  });

  it("clears every throttling row of the account, whatever its kind, and only those", async () => {
    const rows = [
      ["login-user", "jeandupont"],
      ["login-pair", "jeandupont|198.51.100.1"],
      ["login-device", `appareil-1|${admin.id}`],
      ["verify-pair", `${admin.id}|198.51.100.1`],
      ["verify-user", admin.id],
      ["login-user", "jeandupontbis"],
      ["login-pair", "jeandupontbis|198.51.100.1"],
      ["login-pair", "autre|jeandupont"],
      ["login-ip", "198.51.100.1"],
    ];
    ctx.deps.db
      .insert(authAttempts)
      .values(rows.map(([kind, key]) => ({ kind: kind!, key: key!, at: Date.now() })))
      .run();
    await resetPasswordInDatabase(dbPath, "Jean Dupont", "encore-un-autre-2026");
    const left = ctx.deps.db
      .select({ key: authAttempts.key })
      .from(authAttempts)
      .all()
      .map((r) => r.key);
    const inserted = new Set(rows.map(([, key]) => key));
    expect([...new Set(left.filter((k) => inserted.has(k)))].sort()).toEqual([
      "198.51.100.1",
      "autre|jeandupont",
      "jeandupontbis",
      "jeandupontbis|198.51.100.1",
    ]);
  });

  it("refuses in French, changing nothing: unknown user, weak or missing input, no database", async () => {
    await expect(resetPasswordInDatabase(dbPath, "personne", "assez-long-2026")).rejects.toThrow(
      "Utilisateur inconnu : « personne ». Rien n'a été modifié.",
    );
    await expect(resetPasswordInDatabase(dbPath, "Jean Dupont", "court")).rejects.toThrow(
      "Le mot de passe doit contenir au moins 8 caractères.",
    );
    await expect(resetPasswordCommand(dbPath, "Jean Dupont", { stdin: true, input: async () => "\n", print: () => {} })).rejects.toThrow(
      "Aucun mot de passe reçu sur l'entrée standard. Rien n'a été modifié.",
    );
    await expect(
      resetPasswordCommand(dbPath, "Jean Dupont", { stdin: true, input: async () => "un\ndeux\n", print: () => {} }),
    ).rejects.toThrow(/Une seule ligne/);
    const missing = join(newDir(), "planify.db");
    await expect(resetPasswordInDatabase(missing, "admin", "assez-long-2026")).rejects.toThrow(`Aucune base trouvée : ${missing}`);
    expect((await login("Jean Dupont", "encore-un-autre-2026")).status).toBe(200);
  });

  it("draws strong passwords without look-alike characters", () => {
    const seen = new Set(Array.from({ length: 200 }, () => readablePassword()));
    expect(seen.size).toBe(200);
    for (const p of seen) expect(p).toMatch(/^[a-hj-km-np-z2-9]{5}(-[a-hj-km-np-z2-9]{5}){3}$/);
    expect(passwordFromInput("avec espace\r\n")).toBe("avec espace");
  });
});

describe("reset-password from the command line, server stopped", { timeout: 120_000 }, () => {
  beforeAll(() => ensureWebAssetMap());

  const run = async (args: string[], input: string) => {
    const proc = Bun.spawn([process.execPath, MAIN, ...args], { env: cleanEnv(), stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    proc.stdin.write(input);
    await proc.stdin.end();
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { stdout, stderr, code };
  };

  it("reads the new password from a pipe, refuses an unknown user with exit code 1", async () => {
    const dir = newDir();
    const first = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: "ancien-mot-de-passe" });
    expect(await first.stop()).toBe(0);

    const done = await run(["reset-password", "admin", "--data-dir", dir], "nouveau-mot-de-passe\n");
    expect(done).toMatchObject({ code: 0, stderr: "" });
    expect(done.stdout).toContain("Mot de passe de « admin » changé.");
    expect(done.stdout).not.toContain("nouveau-mot-de-passe");

    const unknown = await run(["reset-password", "directeur", "--data-dir", dir], "peu-importe-2026\n");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Utilisateur inconnu : « directeur ». Rien n'a été modifié.");

    const again = await startServer(dir);
    try {
      expect((await postJson(`${again.url}/api/users/login`, { username: "admin", password: "ancien-mot-de-passe" })).status).toBe(401);
      expect((await postJson(`${again.url}/api/users/login`, { username: "admin", password: "nouveau-mot-de-passe" })).status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
