// The deployment samples of docs/deploy/ against the server they run: every variable they give
// Planify is one it reads, the probes name the health routes, a stopping node gets the time its
// drain and shutdown take, two nodes, and each proxy keeps the live-update stream (/api/live)
// open. No Docker nor cluster here: the files are parsed (Bun.YAML) and read as text.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is checked field by field below.
type Yaml = any;
const yamlDocs = (path: string): Yaml[] => {
  const parsed = Bun.YAML.parse(read(path)) as Yaml;
  return (Array.isArray(parsed) ? parsed : [parsed]).filter((d) => d && typeof d === "object");
};

/** The environment variables the server reads (config.ts, and the bucket's in lib/storage/s3.ts). */
function variablesTheServerReads(configSource: string, s3Source: string): Set<string> {
  // The help text names variables too; only the code counts.
  const code = configSource.replace(/export const HELP = `[\s\S]*?`;/, "");
  const names = new Set<string>();
  for (const m of code.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  for (const m of code.matchAll(/\(env, "([A-Z][A-Z0-9_]*)"/g)) names.add(m[1]!);
  // A secret is also read from the file NAME_FILE names.
  for (const m of code.matchAll(/secretSetting\(env, "([A-Z][A-Z0-9_]*)"\)/g)) names.add(`${m[1]}_FILE`);
  for (const m of s3Source.matchAll(/"(S3_[A-Z_]+)"/g)) names.add(m[1]!);
  return names;
}

const known = variablesTheServerReads(read("server/src/config.ts"), read("server/src/lib/storage/s3.ts"));
// What the server waits for after its drain: in-flight requests (live streams included) end by then.
const shutdownGraceSeconds = (() => {
  const dir = join(root, "server/src");
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const m = readFileSync(join(dir, name), "utf8").match(/const SHUTDOWN_GRACE_MS = ([\d_]+);/);
    if (m) return Number(m[1]!.replace(/_/g, "")) / 1000;
  }
  throw new Error("SHUTDOWN_GRACE_MS not found in server/src/*.ts");
})();

const seconds = (text: string): number => {
  const m = String(text).match(/^(\d+)(ms|s|m|h)?$/);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[(m[2] ?? "s") as "s"];
};

describe("the server's own list of variables (what the checks below compare with)", () => {
  it("holds the settings of several nodes, the bucket's and the secrets read from files, and nothing else", () => {
    for (const name of [
      "DATABASE_URL",
      "PLANIFY_DRAIN_SECONDS",
      "PLANIFY_DB_POOL_MAX",
      "PLANIFY_PUBLIC_URL",
      "PLANIFY_TRUST_PROXY",
      "PLANIFY_JWT_SECRET_FILE",
      "PLANIFY_ADMIN_PASSWORD_FILE",
      "PLANIFY_SMTP_URL_FILE",
      "S3_BUCKET",
      "S3_ENDPOINT",
      "S3_REGION",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ])
      expect(known, name).toContain(name);
    // DATABASE_URL has no _FILE form: a sample giving one would start a server on SQLite.
    expect(known).not.toContain("DATABASE_URL_FILE");
    expect(known).not.toContain("S3_SECRET_ACCESS_KEY_FILE");
    expect(shutdownGraceSeconds).toBeGreaterThan(0);
  });
});

describe("docs/deploy/compose.yaml", () => {
  const compose = yamlDocs("docs/deploy/compose.yaml")[0];
  const services = compose.services as Record<string, Yaml>;
  const nodes = Object.entries(services).filter(([, s]) => s.build?.dockerfile === "docs/deploy/Dockerfile");

  it("runs two Planify nodes built from docs/deploy/Dockerfile, PostgreSQL 15 or later, MinIO with its bucket made once, HAProxy", () => {
    expect(nodes.map(([name]) => name)).toEqual(["node1", "node2"]);
    expect(Number(services.postgres.image.match(/^postgres:(\d+)/)[1])).toBeGreaterThanOrEqual(15);
    expect(services.minio.image).toMatch(/minio\/minio:/);
    expect(services["minio-init"].restart).toBe("no");
    expect(services.haproxy.volumes).toContain("./compose/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
  });

  it("gives each node only variables the server reads, and its secrets as files it lists", () => {
    for (const [name, node] of nodes) {
      const env = node.environment as Record<string, string>;
      expect(
        Object.keys(env).filter((v) => !known.has(v)),
        name,
      ).toEqual([]);
      for (const [variable, value] of Object.entries(env).filter(([v]) => v.endsWith("_FILE"))) {
        expect(value, variable).toMatch(/^\/run\/secrets\/[a-z_]+$/);
        expect(node.secrets, variable).toContain(value.slice("/run/secrets/".length));
      }
      for (const secret of node.secrets) expect(compose.secrets[secret]?.file, secret).toMatch(/^\.\/secrets\//);
      // The same database, bucket and signing secret on both: a session opened on one is valid on the other.
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/planify:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/planify$/);
      expect(env.S3_ENDPOINT).toBe("http://minio:9000");
      expect(env.PLANIFY_TRUST_PROXY).toBe("1");
      expect(env.PLANIFY_JWT_SECRET_FILE).toBeDefined();
    }
  });

  it("starts a node once PostgreSQL is healthy and the bucket is made, and gives a stopping node its drain and shutdown", () => {
    for (const [name, node] of nodes) {
      expect(node.depends_on, name).toEqual({
        postgres: { condition: "service_healthy" },
        "minio-init": { condition: "service_completed_successfully" },
      });
      const drain = Number(node.environment.PLANIFY_DRAIN_SECONDS);
      expect(drain, name).toBeGreaterThanOrEqual(5);
      expect(seconds(node.stop_grace_period), name).toBeGreaterThan(drain + shutdownGraceSeconds);
      expect(node.read_only, name).toBe(true);
      // Each node has its own data folder (its lock), and the same Web Push keys.
      expect(node.volumes, name).toContain(`${name}-data:/var/lib/planify`);
      expect(node.volumes, name).toContain("./secrets/vapid-keys.json:/var/lib/planify/vapid-keys.json:ro");
    }
    expect(services.haproxy.depends_on).toEqual({ node1: { condition: "service_healthy" }, node2: { condition: "service_healthy" } });
    expect(services.postgres.healthcheck.test).toContain("pg_isready");
    expect(services.minio.healthcheck.test).toEqual(["CMD", "mc", "ready", "local"]);
  });

  it("the image runs the binary as a non-root user, its data folder where the samples mount it, and probes liveness", () => {
    const dockerfile = read("docs/deploy/Dockerfile");
    expect(dockerfile).toContain("node scripts/run.mjs build-binary");
    expect(dockerfile).toMatch(/^USER 10001:10001$/m);
    expect(dockerfile).toMatch(/PLANIFY_DATA_DIR=\/var\/lib\/planify/);
    expect(dockerfile).toMatch(/HEALTHCHECK [\s\S]*http:\/\/127\.0\.0\.1:3000\/api\/health\/live/);
  });
});

describe("docs/deploy/k8s/", () => {
  const files = [
    "00-namespace.yaml",
    "10-configmap.yaml",
    "20-deployment.yaml",
    "30-service.yaml",
    "40-ingress.yaml",
    "50-sauvegardes.yaml",
  ];
  const objects = files.flatMap((f) => yamlDocs(`docs/deploy/k8s/${f}`));
  const secret = yamlDocs("docs/deploy/k8s/exemples/secret.yaml")[0];
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const configMap = byKind("ConfigMap")[0];
  const deployment = byKind("Deployment")[0];
  const cronJob = byKind("CronJob")[0];
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];

  it("every object is in the planify namespace and the Secret stays out of the folder applied as is", () => {
    for (const o of objects.filter((o) => o.kind !== "Namespace"))
      expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe("planify");
    expect(byKind("Secret")).toEqual([]);
    expect(secret.kind).toBe("Secret");
  });

  it("gives the server only variables it reads, secrets from the Secret and files under its mount", () => {
    expect(Object.keys(configMap.data).filter((v) => !known.has(v))).toEqual([]);
    for (const spec of [pod, cronJob.spec.jobTemplate.spec.template.spec]) {
      const c = spec.containers[0];
      expect(spec.enableServiceLinks).toBe(false);
      expect(c.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }]);
      const env = c.env as { name: string; value?: string; valueFrom?: Yaml }[];
      expect(env.map((e) => e.name).filter((v) => !known.has(v))).toEqual([]);
      const secretMount = c.volumeMounts.find((m: Yaml) => m.name === "secrets" && !m.subPath).mountPath;
      for (const e of env) {
        if (e.valueFrom) expect(Object.keys(secret.stringData), e.name).toContain(e.valueFrom.secretKeyRef.key);
        if (e.name.endsWith("_FILE")) expect(Object.keys(secret.stringData)).toContain(e.value!.slice(`${secretMount}/`.length));
      }
      for (const m of c.volumeMounts.filter((m: Yaml) => m.subPath)) expect(Object.keys(secret.stringData)).toContain(m.subPath);
      for (const m of c.volumeMounts) expect(spec.volumes.map((v: Yaml) => v.name)).toContain(m.name);
    }
    // The same database and signing secret for every node.
    expect(container.env.find((e: Yaml) => e.name === "DATABASE_URL").valueFrom.secretKeyRef.key).toBe("database-url");
    expect(container.env.find((e: Yaml) => e.name === "PLANIFY_JWT_SECRET_FILE")).toBeDefined();
  });

  it("runs two replicas, updated one at a time, probed on /api/health/ready and /api/health/live", () => {
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(container.readinessProbe.httpGet.path).toBe("/api/health/ready");
    expect(container.livenessProbe.httpGet.path).toBe("/api/health/live");
    expect(container.startupProbe.httpGet.path).toBe("/api/health/live");
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
      expect(probe.httpGet.port).toBe(container.ports[0].name);
    expect(container.ports[0].containerPort).toBe(3000);
    expect(byKind("PodDisruptionBudget")[0].spec.minAvailable).toBe(1);
  });

  it("lets a stopping node drain and finish its requests before Kubernetes kills it", () => {
    const drain = Number(configMap.data.PLANIFY_DRAIN_SECONDS);
    expect(drain).toBeGreaterThanOrEqual(5);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drain + shutdownGraceSeconds);
  });

  it("runs as a non-root user on a read-only root with its data folder and /tmp writable", () => {
    for (const spec of [pod, cronJob.spec.jobTemplate.spec.template.spec]) {
      const c = spec.containers[0];
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001 });
      expect(c.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ["ALL"] },
      });
      const writable = c.volumeMounts.filter((m: Yaml) => !m.readOnly).map((m: Yaml) => m.mountPath);
      expect(writable).toContain("/var/lib/planify");
      expect(writable).toContain("/tmp");
    }
    expect(cronJob.spec.timeZone).toBe("Europe/Paris");
    expect(cronJob.spec.jobTemplate.spec.template.spec.containers[0].args[0]).toContain("planify-server backup ");
  });

  it("keeps /api/live open through ingress-nginx: no buffering, an hour without data", () => {
    const ingresses = byKind("Ingress");
    const live = ingresses.find((i) => i.spec.rules[0].http.paths.some((p: Yaml) => p.path === "/api/live"));
    expect(live.spec.rules[0].http.paths).toEqual([
      { path: "/api/live", pathType: "Exact", backend: { service: { name: "planify", port: { name: "http" } } } },
    ]);
    expect(live.metadata.annotations["nginx.ingress.kubernetes.io/proxy-buffering"]).toBe("off");
    expect(Number(live.metadata.annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"])).toBeGreaterThanOrEqual(3600);
    const main = ingresses.find((i) => i !== live);
    expect(main.spec.rules[0].host).toBe(live.spec.rules[0].host);
    expect(main.metadata.annotations["nginx.ingress.kubernetes.io/proxy-body-size"]).toBe("251m");
  });
});

describe("the proxies keep the live-update stream (/api/live) open", () => {
  /** The body of the block that starts at the first line matching `opening`, up to its closing brace. */
  const block = (text: string, opening: RegExp): string => {
    const start = text.search(opening);
    expect(start, String(opening)).toBeGreaterThanOrEqual(0);
    let depth = 0;
    for (let i = text.indexOf("{", start); i < text.length; i++) {
      if (text[i] === "{") depth++;
      if (text[i] === "}" && --depth === 0) return text.slice(start, i + 1);
    }
    throw new Error(`unclosed block ${opening}`);
  };

  it("nginx: its own location, unbuffered, an hour without data, HTTP/1.1 to Planify", () => {
    const live = block(read("docs/deploy/nginx.conf"), /location = \/api\/live \{/);
    expect(live).toMatch(/proxy_buffering off;/);
    expect(seconds(live.match(/proxy_read_timeout (\w+);/)![1]!)).toBeGreaterThanOrEqual(3600);
    expect(live).toMatch(/proxy_http_version 1\.1;/);
    expect(live).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it("Caddy: its own reverse_proxy flushing every write", () => {
    const live = block(read("docs/deploy/Caddyfile"), /reverse_proxy \/api\/live /);
    expect(live).toMatch(/flush_interval -1/);
    expect(read("docs/deploy/Caddyfile")).not.toMatch(/^\s*encode\b/m);
  });

  for (const cfg of ["docs/deploy/haproxy.cfg", "docs/deploy/compose/haproxy.cfg"])
    it(`HAProxy (${cfg}): a backend for the stream, an hour on the server side, nodes taken out by readiness`, () => {
      const text = read(cfg);
      expect(text).toMatch(/^\s*use_backend live if \{ path \/api\/live \}$/m);
      expect(text).toMatch(/^\s*option httpchk GET \/api\/health\/ready$/m);
      const live = text.slice(text.search(/^backend live$/m)).split(/\n(?=\S)/)[0]!;
      expect(seconds(live.match(/timeout server (\w+)/)![1]!)).toBeGreaterThanOrEqual(3600);
      expect(live.match(/track nodes\/node\d/g)).toEqual(["track nodes/node1", "track nodes/node2"]);
      // The client side sees an "id: …" line every 25 s: well within its inactivity limit.
      expect(seconds(text.match(/^\s*timeout client (\w+)$/m)![1]!)).toBeGreaterThan(25);
    });
});
