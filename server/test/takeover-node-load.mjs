// Run by takeover.test.ts under Node (not Bun): one student's steady reads and writes with
// Node's fetch (undici, keep-alive), a stricter client than Bun's, whose fetch sends a request
// again by itself when a kept-alive connection was closed under it. Each loop sends its next
// request as soon as it has an answer, on the same connection: a server that closes a connection
// after an answer without saying so (Connection: close) makes it fail. Prints what it saw as JSON.
// argv[2]: { url, tokens, seconds, date }: one loop per student's token.
const { url, tokens, seconds, date } = JSON.parse(process.argv[2]);
const failures = [];
/** The personal tasks whose creation was acknowledged, by loop (student). */
const acknowledged = tokens.map(() => []);
let requests = 0;
const end = Date.now() + seconds * 1000;

async function send(token, method, path, body, expected) {
  const headers = { authorization: `Bearer ${token}` };
  requests++;
  const started = Date.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body ? { ...headers, "content-type": "application/json" } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status !== expected) failures.push(`node ${method} ${path}: ${res.status} ${text.slice(0, 200)} at ${started}`);
    return res.status === expected ? JSON.parse(text) : null;
  } catch (error) {
    failures.push(`node ${method} ${path}: ${error.cause?.code ?? error.cause?.message ?? error.message} at ${started}`);
    return null;
  }
}

async function loop(token, w) {
  for (let k = 0; Date.now() < end; k++) {
    // Reads only past 400 writes: a student has at most 500 personal tasks.
    if (k % 2 === 0 || acknowledged[w].length >= 400) await send(token, "GET", "/api/events", null, 200);
    else {
      const saved = await send(token, "POST", "/api/personal-tasks", { titre: `Node ${w}-${k}`, date, heure: "17:00" }, 201);
      if (saved) acknowledged[w].push(saved.event.id);
    }
  }
}

await Promise.all(tokens.map((token, w) => loop(token, w)));
console.log(JSON.stringify({ requests, failures, acknowledged }));
