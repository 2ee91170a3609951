// Memory during the ZIP of hand-ins: `students` accounts each hand in one PDF of `fileMb`
// MiB through the API, then a prof downloads the ZIP while the server's RSS is sampled.
import type { RunningServer } from "./server-process";
import { type Api, BENCH_PASSWORD, inParallel, login, register } from "./seed";

export interface ZipResult {
  handedInMb: number;
  zipMb: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** A PDF-looking file (the server checks uploads by content): a PDF header, then filler. */
function fakePdf(bytes: number, seed: number): Blob {
  const head = new TextEncoder().encode(`%PDF-1.4\n% planify bench ${seed}\n`);
  const body = new Uint8Array(bytes - head.length);
  // Varied bytes, so the ZIP (deflate or store) cannot shrink them to nothing.
  let x = seed * 2654435761;
  for (let i = 0; i < body.length; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    body[i] = x & 255;
  }
  return new Blob([head, body], { type: "application/pdf" });
}

/**
 * `restart` gives a server started afresh on the same data once the hand-ins are in: the
 * uploads' garbage (a gigabyte of multipart bodies) would otherwise still sit in the heap,
 * and the figure would say more about the garbage collector's timing than about the ZIP.
 */
export async function zipMemory(
  a: Api,
  start: RunningServer,
  admin: string,
  prof: string,
  students: number,
  fileMb: number,
  restart: () => Promise<RunningServer>,
): Promise<ZipResult> {
  let server = start;
  const task = await a.call<{ id: string }>("POST", "/api/events", prof, {
    titre: "Rendu du projet (bench ZIP)",
    matiere: "Anglais",
    date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    heure: "23:59",
    year: "BUT3",
    groupes: ["Promo"],
    submissionEnabled: true,
  });
  const file = fakePdf(fileMb << 20, 1);
  await inParallel(students, 4, async (i) => {
    const name = `bench.depot.${i}`;
    await register(a, admin, name, "eleve", "BUT3", "A");
    const token = await login(a, name, BENCH_PASSWORD);
    const form = new FormData();
    form.append("files", new File([file], `rendu-${i}.pdf`, { type: "application/pdf" }));
    await a.call("POST", `/api/events/${task.id}/submissions`, token, form);
  });
  server = await restart();
  a.base = server.base;
  await Bun.sleep(1000);
  const rssBefore = server.rss();
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${a.base}/api/events/${task.id}/submissions/zip`, { headers: { authorization: `Bearer ${prof}` } });
  if (!res.ok || !res.body) throw new Error(`ZIP answered ${res.status}`);
  let size = 0;
  for await (const chunk of res.body) size += chunk.byteLength;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, server.rss());
  const mb = (b: number) => b / (1 << 20);
  return { handedInMb: students * fileMb, zipMb: mb(size), seconds, rssBeforeMb: mb(rssBefore), rssPeakMb: mb(peak) };
}
