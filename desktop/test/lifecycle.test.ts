import { describe, expect, it } from "vitest";
import { deepLinkFromArgv, parseDeepLink } from "../src/main/deep-link";
import { type LifecycleApp, setupLifecycle } from "../src/main/lifecycle";
import { FakeEmitter } from "./fakes";

function fakeApp(locked: boolean) {
  const app = new FakeEmitter() as FakeEmitter & LifecycleApp & { quitCalls: number; protocols: unknown[][] };
  app.quitCalls = 0;
  app.protocols = [];
  app.requestSingleInstanceLock = () => locked;
  app.quit = () => {
    app.quitCalls++;
  };
  app.setAsDefaultProtocolClient = (...args: unknown[]) => {
    app.protocols.push(args);
    return true;
  };
  return app;
}

describe("deep links", () => {
  it("planify://devoirs/<id> opens that task in the web app", () => {
    expect(parseDeepLink("planify://devoirs/abc123")).toBe("/devoirs?tache=abc123");
    expect(parseDeepLink("planify://devoirs/abc123/")).toBe("/devoirs?tache=abc123");
    expect(parseDeepLink("planify:///devoirs/x_Y-9")).toBe("/devoirs?tache=x_Y-9");
    expect(parseDeepLink("planify://devoirs")).toBe("/devoirs");
  });

  it("anything else leads nowhere", () => {
    for (const link of [
      "planify://devoirs/a/b",
      "planify://devoirs/..%2F..%2Fadmin",
      "planify://admin/users",
      "https://devoirs/1",
      `planify://devoirs/${"x".repeat(65)}`,
      "planify://devoirs/a%20b",
      "pas une adresse",
      "planify://devoirs/%3Cscript%3E",
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
  });

  it("is found among the arguments Windows and Linux pass", () => {
    expect(deepLinkFromArgv(["/opt/Planify/planify", "--no-sandbox", "planify://devoirs/42"])).toBe("/devoirs?tache=42");
    expect(deepLinkFromArgv(["/opt/Planify/planify"])).toBeNull();
  });
});

describe("single instance", () => {
  it("a second launch quits at once and registers nothing", () => {
    const app = fakeApp(false);
    expect(setupLifecycle(app, { focus: () => {}, open: () => {} }, { argv: [] })).toBe(false);
    expect(app.quitCalls).toBe(1);
    expect(app.listeners.size).toBe(0);
    expect(app.protocols).toEqual([]);
  });

  it("the first instance registers planify:// and brings itself forward when launched again", () => {
    const app = fakeApp(true);
    const events: string[] = [];
    expect(setupLifecycle(app, { focus: () => events.push("focus"), open: (p) => events.push(`open ${p}`) }, { argv: ["planify"] })).toBe(
      true,
    );
    expect(app.quitCalls).toBe(0);
    expect(app.protocols).toEqual([["planify"]]);
    app.emit("second-instance", ["planify"]);
    app.emit("second-instance", ["planify", "planify://devoirs/77"]);
    app.emit("open-url", "planify://devoirs/88");
    app.emit("open-url", "planify://ailleurs/1");
    expect(events).toEqual(["focus", "focus", "open /devoirs?tache=77", "focus", "open /devoirs?tache=88", "focus"]);
  });

  it("a link the app was started with is opened once ready", () => {
    const app = fakeApp(true);
    const opened: string[] = [];
    setupLifecycle(app, { focus: () => {}, open: (p) => opened.push(p) }, { argv: ["planify", "planify://devoirs/5"] });
    expect(opened).toEqual(["/devoirs?tache=5"]);
  });

  it("in development the entry script is passed to the protocol registration", () => {
    const app = fakeApp(true);
    setupLifecycle(app, { focus: () => {}, open: () => {} }, { argv: [], devEntry: "out/main/index.cjs" });
    expect(app.protocols).toEqual([["planify", process.execPath, ["out/main/index.cjs"]]]);
  });
});

describe("test profiles", () => {
  it("leave the machine's planify:// handler alone", () => {
    const app = fakeApp(true);
    setupLifecycle(app, { focus: () => {}, open: () => {} }, { argv: [], registerProtocol: false });
    expect(app.protocols).toEqual([]);
  });
});
