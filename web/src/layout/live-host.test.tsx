// The live stream end to end in the page: events pushed on a fake GET /api/live reach each
// feature, which reloads its own data; what the user sees changes without a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, useLocation } from "react-router-dom";
import { useAnnouncement } from "../features/announcements/use-announcement";
import { GiftsWatcher } from "../features/gifts/gifts-watcher";
import { useUserProfile } from "../features/profile/api/profile-api";
import { useTaskList } from "../features/tasks/hooks/use-events";
import { useSubmissions } from "../features/tasks/hooks/use-submissions";
import { getLiveStatus } from "../lib/live/live-bus";
import { fakeLiveFetch } from "../lib/live/test-sse";
import { getToken } from "../lib/session";
import { cleanup, json, mount, routeFetch, signIn } from "../lib/social/test-fixtures";
import LiveHost, { SESSION_REVOKED_MESSAGE } from "./live-host";
import { TopBarCoins } from "./top-bar-coins";

const task = (id: string, titre: string) => ({
  id,
  titre,
  matiere: "Maths",
  type: "devoir",
  groupes: ["BUT1"],
  start: "2026-12-01T08:00:00.000Z",
  end: "2026-12-01T09:00:00.000Z",
  checked: false,
  hidden: false,
});

let server: ReturnType<typeof fakeLiveFetch>;
let state: { tasks: ReturnType<typeof task>[]; coins: number; note: string; popup: string | null; gifts: string[]; handIns: number };
let routes: ReturnType<typeof routeFetch>;
const calls = (path: string) => routes.calls.filter((c) => c.url === path).length;

function Probe() {
  const list = useTaskList("me");
  const profile = useUserProfile("u7");
  const subs = useSubmissions("t1", true);
  const { popup } = useAnnouncement();
  return (
    <div>
      <ul data-testid="tasks">
        {list.tasks.map((t) => (
          <li key={t.id}>{t.titre}</li>
        ))}
      </ul>
      <p data-testid="note">{profile.data?.user.publicNote}</p>
      <p data-testid="hand-ins">{subs.data?.length ?? "…"} rendu(s)</p>
      <p data-testid="popup">{popup?.html}</p>
    </div>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? "";

beforeEach(async () => {
  state = { tasks: [task("t1", "DM d'analyse")], coins: 420, note: "Bonjour", popup: null, gifts: [], handIns: 0 };
  server = fakeLiveFetch();
  routes = routeFetch({
    "GET /events": () => json(200, { success: true, events: state.tasks, olderCursor: null }),
    "GET /events/t1/submissions": () =>
      json(200, { success: true, submissions: Array.from({ length: state.handIns }, (_, i) => ({ id: `s${i}` })) }),
    "GET /users/u7": () => json(200, { success: true, user: { id: "u7", username: "lea", publicNote: state.note } }),
    "GET /popups/for-me": () =>
      state.popup ? json(200, { id: "p1", html: state.popup, createdAt: "2026-11-28T10:00:00.000Z" }) : new Response(null, { status: 204 }),
    "GET /coins/user-coins": () => json(200, { success: true, coins: state.coins, leaderboardCoins: 0, factionCoins: 0 }),
    "GET /coins/spin-status": () => json(200, { success: true, canSpin: true, nextReset: null }),
    "GET /coins/inventory": () =>
      json(200, {
        success: true,
        coins: state.coins,
        purchasedItems: state.gifts.map((itemName, i) => ({
          itemId: 10 + i,
          itemName,
          adminGiftRead: false,
          purchaseDate: new Date().toISOString(),
          equipped: false,
          adminMessage: null,
          colorId: null,
        })),
        equippedItemId: null,
        selectedBorderColor: "default",
        borderColors: ["default"],
        discordVariantIndex: 0,
        jojoVariantIndex: 0,
        dynamicItemVariants: {},
      }),
  });
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) =>
    String(url).startsWith("/api/live") ? server.fetch(url, init) : routes.fetch(url, init),
  );
  signIn();
  await mount(
    <MemoryRouter initialEntries={["/compte"]}>
      <LiveHost />
      <TopBarCoins />
      <GiftsWatcher />
      <Probe />
      <Where />
    </MemoryRouter>,
  );
  await vi.waitFor(() => expect(getLiveStatus()).toBe("open"));
  await vi.waitFor(() => expect(text("tasks")).toBe("DM d'analyse"));
  expect(text("where")).toBe("/compte");
});
afterEach(async () => {
  await cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const push = (id: number, kind: string, data: object = {}) =>
  server.last().stream.push(`id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
const pill = () => document.querySelector('[data-testid="coin-balance"]')?.textContent;

describe("live updates in the page", () => {
  it("a task added by someone else shows in the list without a reload", async () => {
    state.tasks = [...state.tasks, task("t2", "Exposé d'anglais")];
    push(1, "tasks", { taskId: "t2" });
    await vi.waitFor(() => expect(text("tasks")).toBe("DM d'analyseExposé d'anglais"));
  });

  it("coins changed elsewhere: the top bar shows the new balance", async () => {
    await vi.waitFor(() => expect(pill()).toBe("420"));
    state.coins = 515;
    push(2, "coins");
    await vi.waitFor(() => expect(pill()).toBe("515"));
  });

  it("a gift received opens the received-item popup with its name", async () => {
    state.gifts = ["Couronne"];
    push(3, "gift");
    await vi.waitFor(() => expect(document.body.textContent).toContain("Couronne"), { timeout: 3_000 });
  });

  it("a pop-up sent by an admin shows at once, without waiting for the 30 s poll", async () => {
    state.popup = "<p>Réunion à 14 h</p>";
    push(4, "popup");
    await vi.waitFor(() => expect(text("popup")).toBe("<p>Réunion à 14 h</p>"));
  });

  it("a hand-in reloads that task's hand-ins only; a profile event reloads that user's profile only", async () => {
    await vi.waitFor(() => expect(text("hand-ins")).toBe("0 rendu(s)"));
    state.handIns = 1;
    push(5, "submissions", { taskId: "other" });
    push(6, "profile", { userId: "someone-else" });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls("/events/t1/submissions")).toBe(1);
    expect(calls("/users/u7")).toBe(1);
    state.note = "En vacances";
    push(7, "submissions", { taskId: "t1" });
    push(8, "profile", { userId: "u7" });
    await vi.waitFor(() => expect(text("hand-ins")).toBe("1 rendu(s)"));
    await vi.waitFor(() => expect(text("note")).toBe("En vacances"));
  });

  it("reset reloads everything shown", async () => {
    const before = { events: calls("/events"), profile: calls("/users/u7"), popups: calls("/popups/for-me") };
    push(9, "reset");
    await vi.waitFor(() => expect(calls("/events")).toBe(before.events + 1));
    await vi.waitFor(() => expect(calls("/users/u7")).toBe(before.profile + 1));
    await vi.waitFor(() => expect(calls("/popups/for-me")).toBe(before.popups + 1));
  });

  it("session-revoked signs out with a message in French and leaves the account page", async () => {
    push(10, "session-revoked");
    await vi.waitFor(() => expect(document.body.textContent).toContain(SESSION_REVOKED_MESSAGE));
    expect(getToken()).toBeNull();
    expect(text("where")).toBe("/");
    await vi.waitFor(() => expect(getLiveStatus()).toBe("off"));
  });
});
