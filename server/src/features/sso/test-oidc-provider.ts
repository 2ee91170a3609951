import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import type { OidcProvider } from "./types";

// A real OpenID provider for the tests (oidc-provider from the npm registry, with its
// development login and consent pages), on port 0 of the loopback interface. Run as a
// process for the browser tests (web/e2e/sso-oidc.spec.ts):
//   bun server/src/features/sso/test-oidc-provider.ts --port N --app-origin http://127.0.0.1:M \
//     --accounts '{"emma-sub":{"preferred_username":"emma.petit"}}'
// Once it listens it prints, on one line, Planify's provider entry for it (JSON, the fields of
// a PLANIFY_SSO_CONFIG file).

export const CLIENT_ID = "planify";
export const CLIENT_SECRET = "secret-du-client-planify-pour-les-tests";
/** The app under test answers at http://localhost (createTestApp), so this is its callback. */
export const APP_ORIGIN = "http://localhost";

export interface TestProvider {
  issuer: string;
  /** Planify's provider entry for this issuer (id "ent", policy "existing"). */
  entry(overrides?: Partial<OidcProvider>): OidcProvider;
  close(): Promise<void>;
}

export interface ProviderOptions {
  /** Where Planify answers (its callbacks and the page after logout); APP_ORIGIN by default. */
  appOrigin?: string;
  /** 0 (the default): any free port. */
  port?: number;
}

/** Starts the provider; `accounts` maps a login typed on its page to the claims it vouches for (sub = login). */
export async function startOidcProvider(
  accounts: Record<string, Record<string, unknown>>,
  ids = ["ent"],
  { appOrigin = APP_ORIGIN, port = 0 }: ProviderOptions = {},
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: ids.map((id) => `${appOrigin}/api/auth/sso/${id}/callback`),
        post_logout_redirect_uris: [`${appOrigin}/`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : (undefined as never)),
    claims: {
      openid: ["sub"],
      profile: ["preferred_username", "name", "given_name", "family_name", "eduPersonAffiliation", "groups"],
      email: ["email", "email_verified"],
    },
    // The profile claims go into the ID token, which is what Planify reads.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["cle-des-cookies-du-fournisseur-de-test"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    entry: (overrides = {}) => ({
      id: "ent",
      kind: "oidc",
      label: "Connexion ENT Université de Test",
      enabled: true,
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scopes: ["openid", "profile", "email"],
      usernameClaim: "preferred_username",
      roles: null,
      policy: "existing",
      ...overrides,
    }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A browser at the provider: follows its redirects with its own cookies, signs in as `login`
 * on the login page (any password), accepts the consent page (or aborts when `abort`), and
 * returns the address the provider sends the browser back to at Planify.
 */
export async function throughProvider(authorizationUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      if (value.join("=")) jar.set(name!.trim(), value.join("="));
      else jar.delete(name!.trim());
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get("location")!, url);
      await res.body?.cancel();
      if (next.origin === APP_ORIGIN) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    if (opts.abort) {
      url = new URL(`${new URL(action, url).pathname}/abort`, url).href;
      init = {};
      continue;
    }
    url = new URL(action, url).href;
    init = {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt, login, password: "nimporte" }).toString(),
    };
  }
  throw new Error("the provider never sent the browser back");
}

/** The standalone process: its options from the command line, its entry on stdout, SIGTERM to stop. */
if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const idp = await startOidcProvider(JSON.parse(arg("accounts") ?? "{}"), (arg("ids") ?? "ent").split(","), {
    appOrigin: arg("app-origin"),
    port: Number(arg("port") ?? 0),
  });
  const { roles: _none, ...entry } = idp.entry();
  console.log(JSON.stringify(entry));
  // A browser keeps connections open, which close() would wait for: the process just ends.
  process.on("SIGTERM", () => process.exit(0));
}
