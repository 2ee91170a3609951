import { first } from "../../db/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { popups } from "../../db/schema";
import {
  createActors,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
} from "../../../test/helpers";

let ctx: TestContext;
let actors: Actors;
let sentId = "";

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const send = (body: unknown) => ctx.request("POST", "/api/popups/send", { token: actors.admin.token, body });
const forMe = (token: string) => ctx.request("GET", "/api/popups/for-me", { token });
const ack = (token: string, id: string) => ctx.request("POST", `/api/popups/ack/${id}`, { token });
const storedHtml = async (id: string) => (await first(ctx.deps.db.select().from(popups).where(eq(popups.id, id))))!.html;

const table: Scenario[] = [
  ...everyActor(
    { method: "GET", url: "/api/popups/for-me" },
    { guest: 401, eleve: 204, etudiant: 204, delegue: 204, prof: 204, admin: 204 },
    "nothing to show yet",
    { 401: { code: "UNAUTHORIZED", message: "Session expirée. Veuillez vous reconnecter." }, 204: (text) => expect(text).toBe("") },
  ),
  ...everyActor(
    { method: "POST", url: "/api/popups/send", body: { target: "all", html: "<p>Réunion <strong>lundi</strong></p>" } },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 201 },
    "only admins send",
    {
      403: { code: "FORBIDDEN", message: "Accès refusé." },
      201: (json) => {
        expect(json).toMatchObject({ success: true, message: "Pop-up envoyé.", popup: { html: "<p>Réunion <strong>lundi</strong></p>" } });
        sentId = (json as { popup: { id: string } }).popup.id;
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: "/api/popups/for-me" },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "everyone sees the announcement",
    { 200: (json) => expect(json).toEqual({ id: sentId, html: "<p>Réunion <strong>lundi</strong></p>" }) },
  ),
  ...everyActor(
    { method: "POST", url: "/api/popups/ack/ID" },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "each one acknowledges it",
    { 200: { success: true } },
  ).map((row) => ({ ...row, url: () => `/api/popups/ack/${sentId}` })),
  { name: "acknowledged: gone", method: "GET", url: "/api/popups/for-me", as: "delegue", status: 204 },
  { name: "acknowledging twice is harmless", method: "POST", url: () => `/api/popups/ack/${sentId}`, as: "eleve", status: 200 },
  {
    name: "unknown pop-up",
    method: "POST",
    url: "/api/popups/ack/inconnu",
    as: "eleve",
    status: 404,
    expect: { message: "Pop-up introuvable." },
  },
  {
    name: "empty content",
    method: "POST",
    url: "/api/popups/send",
    as: "admin",
    body: { target: "all", html: "<p> <script>alert(1)</script></p>" },
    status: 400,
    expect: { message: "Contenu vide" },
  },
  {
    name: "target user without id",
    method: "POST",
    url: "/api/popups/send",
    as: "admin",
    body: { target: "user", html: "<p>Coucou</p>" },
    status: 400,
    expect: { message: "ID utilisateur requis" },
  },
  {
    name: "target user unknown",
    method: "POST",
    url: "/api/popups/send",
    as: "admin",
    body: { target: "user", userId: "inconnu", html: "<p>Coucou</p>" },
    status: 404,
    expect: { message: "Utilisateur introuvable." },
  },
  {
    name: "bad target",
    method: "POST",
    url: "/api/popups/send",
    as: "admin",
    body: { target: "tous", html: "<p>Coucou</p>" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
];

describe("pop-up routes", () => scenarioTests(table, env));

describe("pop-up HTML is sanitised before it is stored", () => {
  const attacks: [string, string, RegExp][] = [
    ["script tag", '<p>Salut</p><script>alert("x")</script>', /<script|alert/i],
    ["onerror handler", '<p>Salut <img src="https://e.fr/x.png" onerror="alert(1)"></p>', /onerror|alert/i],
    ["onclick handler", '<p onclick="steal()">Salut</p>', /onclick|steal/i],
    ["javascript: link", '<p><a href="javascript:alert(1)">Salut</a></p>', /javascript:|alert/i],
    ["JaVaScRiPt: with entities", '<p><a href="&#106;avascript:alert(1)">Salut</a></p>', /javascript|alert/i],
    ["iframe", '<p>Salut</p><iframe src="https://evil.example"></iframe>', /iframe|evil/i],
    ["style tag", "<style>body{display:none}</style><p>Salut</p>", /<style|display/i],
    ["data:text/html link", '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Salut</a></p>', /data:text|PHNjcmlw/i],
    ["svg with onload", '<p>Salut</p><svg onload="alert(1)"><circle r="4"/></svg>', /svg|onload|alert/i],
    ["object and embed", '<p>Salut</p><object data="x.swf"></object><embed src="x.swf">', /object|embed|swf/i],
    [
      "meta refresh and link",
      '<meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><p>Salut</p>',
      /meta|link|evil/i,
    ],
    [
      "css expression in style",
      '<p style="background-image:url(javascript:alert(1));color:red">Salut</p>',
      /javascript|background-image|alert/i,
    ],
    ["form with button", '<form action="https://evil.example"><button>Salut</button></form>', /form|button|evil/i],
    ["javascript: split by a tab entity", '<p><a href="java&#x09;script:alert(1)">Salut</a></p>', /script:|alert/i],
    ["vbscript: link", '<p><a href="vbscript:msgbox(1)">Salut</a></p>', /vbscript|msgbox/i],
    ["protocol-relative image", '<p>Salut<img src="//evil.example/x.png"></p>', /evil/i],
    ["img data:text/html src", '<p>Salut<img src="data:text/html;base64,PHNjcmlwdD4="></p>', /data:text|<img/i],
  ];
  it.each(attacks)("%s", async (_name, html, forbidden) => {
    const res = await send({ target: "all", html });
    expect(res.status).toBe(201);
    const { popup } = (await res.json()) as { popup: { id: string } };
    const stored = await storedHtml(popup.id);
    expect(stored).not.toMatch(forbidden);
    expect(stored).toContain("Salut");
  });

  it("keeps the allowed formatting and makes links safe", async () => {
    const html =
      '<h2 style="color:#ff0000">Titre</h2><p><em>a</em> <u>b</u> <a href="https://planify.fr/x">lien</a></p><ul><li>un</li></ul><img src="data:image/png;base64,iVBORw0KGgo=" alt="logo">';
    const res = await send({ target: "all", html });
    const { popup } = (await res.json()) as { popup: { id: string } };
    const stored = await storedHtml(popup.id);
    expect(stored).toContain('<h2 style="color:#ff0000">Titre</h2>');
    expect(stored).toContain('<a href="https://planify.fr/x" target="_blank" rel="noopener noreferrer nofollow">lien</a>');
    expect(stored).toContain("<ul><li>un</li></ul>");
    expect(stored).toContain('src="data:image/png;base64,iVBORw0KGgo="');
  });
});

describe("who sees which pop-up, in which order", () => {
  it("gives the user's own first, then the oldest; 204 when all are acknowledged", async () => {
    const c = createTestApp();
    try {
      const x = await c.user({ role: "eleve", username: "xavier" }, { questions: false });
      const y = await c.user({ role: "eleve", username: "yasmine" }, { questions: false });
      const admin = await c.user({ role: "admin", username: "chef" }, { questions: false });
      const post = async (body: unknown) => {
        c.clock.now += 1000;
        const res = await c.request("POST", "/api/popups/send", { token: admin.token, body });
        expect(res.status).toBe(201);
        return ((await res.json()) as { popup: { id: string } }).popup.id;
      };
      const first = await post({ target: "all", html: "<p>Premier pour tous</p>" });
      const second = await post({ target: "all", html: "<p>Second pour tous</p>" });
      const forX = await post({ target: "user", userId: x.id, html: "<p>Pour Xavier</p>" });

      const seen = async (token: string) => {
        const res = await c.request("GET", "/api/popups/for-me", { token });
        return res.status === 204 ? null : ((await res.json()) as { id: string }).id;
      };
      // Y never sees X's pop-up and cannot acknowledge it.
      expect(await seen(y.token)).toBe(first);
      const stolen = await c.request("POST", `/api/popups/ack/${forX}`, { token: y.token });
      expect(stolen.status).toBe(404);
      expect(await seen(x.token)).toBe(forX);

      expect((await c.request("POST", `/api/popups/ack/${forX}`, { token: x.token })).status).toBe(200);
      expect(await seen(x.token)).toBe(first);
      expect((await c.request("POST", `/api/popups/ack/${first}`, { token: x.token })).status).toBe(200);
      expect(await seen(x.token)).toBe(second);
      // X's acknowledgement is X's only.
      expect(await seen(y.token)).toBe(first);
      expect((await c.request("POST", `/api/popups/ack/${second}`, { token: x.token })).status).toBe(200);
      expect(await seen(x.token)).toBeNull();
    } finally {
      c.close();
    }
  });
});
