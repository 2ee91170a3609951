import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showNotification } from "../src/main/notifications";
import { checkForUpdate, compareVersions, updateMessage } from "../src/main/updates";
import { closedPort, type Running, startPlanify } from "./planify-server";

function notifier(focused: boolean) {
  const log: string[] = [];
  let click: (() => void) | undefined;
  const deps = {
    supported: () => true,
    windowFocused: () => focused,
    create: (o: { title: string; body: string }) => {
      log.push(`create ${o.title} | ${o.body}`);
      return {
        on: (_e: "click", l: () => void) => {
          click = l;
        },
        show: () => log.push("show"),
      };
    },
    focusWindow: () => log.push("focus"),
  };
  return { deps, log, click: () => click?.() };
}

describe("notifications", () => {
  it("a new announcement while the user is elsewhere raises a system notification; clicking focuses Planify", () => {
    const n = notifier(false);
    expect(showNotification({ title: "Nouvelle annonce", body: "Conseil de classe jeudi" }, n.deps)).toBe(true);
    expect(n.log).toEqual(["create Nouvelle annonce | Conseil de classe jeudi", "show"]);
    n.click();
    expect(n.log.at(-1)).toBe("focus");
  });

  it("nothing is raised while the window has the focus (the page shows its pop-up)", () => {
    const n = notifier(true);
    expect(showNotification({ title: "Cadeau reçu", body: "Un objet vous attend" }, n.deps)).toBe(false);
    expect(n.log).toEqual([]);
  });
});

describe("update check", () => {
  let planify: Running;
  let feed: ReturnType<typeof Bun.serve>;
  beforeAll(async () => {
    planify = await startPlanify();
    feed = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (req) =>
        new URL(req.url).pathname === "/desktop/version.json" ? Response.json({ version: "0.12.0" }) : new Response("", { status: 404 }),
    });
  });
  afterAll(async () => {
    await planify?.stop();
    await feed?.stop(true);
  });

  it("compares versions number by number", () => {
    expect(compareVersions("0.10.0", "0.9.3")).toBe(1);
    expect(compareVersions("1.0.0", "1.0")).toBe(0);
    expect(compareVersions("v1.2.3", "1.2.4")).toBe(-1);
  });

  it("tells the user a newer version exists and where to get it", async () => {
    const origin = `http://127.0.0.1:${feed.port}`;
    const update = await checkForUpdate(origin, "0.1.0", fetch);
    expect(update).toEqual({ newer: true, version: "0.12.0", downloadPage: `${origin}/desktop/` });
    if (!update.newer) throw new Error("unreachable");
    expect(updateMessage(update, "0.1.0")).toEqual({
      title: "Mise à jour disponible",
      message: "Planify Desktop 0.12.0 est disponible (vous avez la version 0.1.0).",
      detail: `Téléchargez-la depuis le serveur de votre établissement : ${origin}/desktop/`,
      buttons: ["Ouvrir la page de téléchargement", "Plus tard"],
    });
    expect(await checkForUpdate(origin, "0.12.0", fetch)).toEqual({ newer: false });
  });

  it("a server without a feed, or no server at all, says nothing", async () => {
    expect(await checkForUpdate(planify.origin, "0.1.0", fetch)).toEqual({ newer: false });
    expect(await checkForUpdate(`http://127.0.0.1:${await closedPort()}`, "0.1.0", fetch)).toEqual({ newer: false });
  });
});
