// Run by node-clients.test.ts under Node (not Bun): posts each case of argv[2] (JSON) with
// Node's fetch and with http.request, as a school's script would, and prints what each saw.
import http from "node:http";

/** @param {{ url: string, bytes: number, contentType: string, token?: string }} c */
function headersOf(c) {
  const headers = { "content-type": c.contentType };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  return headers;
}

async function withFetch(c) {
  try {
    const res = await fetch(c.url, { method: "POST", headers: headersOf(c), body: Buffer.alloc(c.bytes, 0x61) });
    return { status: res.status, json: await res.json() };
  } catch (error) {
    return { error: String(error.cause?.code ?? error.message) };
  }
}

function withHttp(c) {
  return new Promise((resolve) => {
    const req = http.request(c.url, { method: "POST", headers: { ...headersOf(c), "content-length": c.bytes } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, json: JSON.parse(text) }));
    });
    // An error after the whole answer arrived does not hide it; one before it does.
    req.on("error", (error) => resolve({ error: String(error.code ?? error.message) }));
    req.end(Buffer.alloc(c.bytes, 0x61));
  });
}

const cases = JSON.parse(process.argv[2]);
const results = [];
for (const c of cases) results.push({ fetch: await withFetch(c), http: await withHttp(c) });
console.log(JSON.stringify(results));
