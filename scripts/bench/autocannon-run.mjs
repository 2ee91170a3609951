// Node side of the autocannon fallback (see load.ts): one run, then one JSON line on stdout.
// Bodies and bearer tokens rotate per request, like the wrk script does.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const spec = JSON.parse(readFileSync(0, "utf8"));
const bodies = spec.bodies ?? [];
const tokens = spec.tokens ?? [];
let i = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  method: spec.method ?? "GET",
  headers: spec.headers ?? {},
  timeout: 10,
  requests: [
    {
      setupRequest: (req) => {
        i++;
        const next = { ...req };
        if (bodies.length) next.body = bodies[i % bodies.length];
        if (tokens.length) next.headers = { ...req.headers, authorization: `Bearer ${tokens[i % tokens.length]}` };
        return next;
      },
    },
  ],
});
const total = result.requests.total || 1;
console.log(
  JSON.stringify({
    rps: result.requests.total / (result.duration || spec.seconds),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerReq: result.throughput.total / total,
    failed: result.non2xx + result.errors + result.timeouts,
  }),
);
