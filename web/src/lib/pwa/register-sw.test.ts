import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./register-sw";

/** A stand-in for navigator.serviceWorker: one registration whose workers the test drives. */
function fakeContainer(opts: { controlled: boolean; waiting?: boolean }) {
  const events = new EventTarget();
  const worker = (state: string) => Object.assign(new EventTarget(), { state, postMessage: vi.fn() });
  const reg = Object.assign(new EventTarget(), {
    waiting: opts.waiting ? worker("installed") : null,
    installing: null as ReturnType<typeof worker> | null,
    update: vi.fn(async () => undefined),
  });
  const container = {
    controller: opts.controlled ? {} : null,
    register: vi.fn(async () => reg),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    takeControl() {
      container.controller = {};
      events.dispatchEvent(new Event("controllerchange"));
    },
    /** A new version is found and finishes installing. */
    installNew() {
      const next = worker("installing");
      reg.installing = next;
      reg.dispatchEvent(new Event("updatefound"));
      next.state = "installed";
      next.dispatchEvent(new Event("statechange"));
      return next;
    },
  };
  return { container, reg };
}

const reload = vi.fn();
beforeEach(() => {
  vi.stubEnv("DEV", false); // registration is for builds only
  Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
  vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
  reload.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function install(container: object) {
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
}

describe("service worker registration and updates", () => {
  it("a first install is not an update: no prompt, taking control does not reload but asks the page's data again once", async () => {
    const { container } = fakeContainer({ controlled: false });
    install(container);
    const onUpdate = vi.fn();
    const onFirstControl = vi.fn();
    const stop = registerServiceWorker(onUpdate, onFirstControl);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" }));
    container.installNew();
    container.takeControl();
    expect(onUpdate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(onFirstControl).toHaveBeenCalledTimes(1);
    container.takeControl();
    expect(onFirstControl).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a page already controlled never asks its data again when a chosen update takes over", async () => {
    const { container } = fakeContainer({ controlled: true });
    install(container);
    const onUpdate = vi.fn();
    const onFirstControl = vi.fn();
    const stop = registerServiceWorker(onUpdate, onFirstControl);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    await Promise.resolve();
    container.installNew();
    onUpdate.mock.calls[0]![0].apply();
    container.takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onFirstControl).not.toHaveBeenCalled();
    stop();
  });

  it("a new version waiting asks first; 'Recharger' hands over to it and reloads once it controls", async () => {
    const { container } = fakeContainer({ controlled: true });
    install(container);
    const onUpdate = vi.fn();
    const stop = registerServiceWorker(onUpdate);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    await Promise.resolve();
    const next = container.installNew();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    onUpdate.mock.calls[0]![0].apply();
    expect(next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    container.takeControl();
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a version already waiting (installed by another tab) is offered at start", async () => {
    const { container, reg } = fakeContainer({ controlled: true, waiting: true });
    install(container);
    const onUpdate = vi.fn();
    const stop = registerServiceWorker(onUpdate);
    await vi.waitFor(() => expect(onUpdate).toHaveBeenCalledTimes(1));
    onUpdate.mock.calls[0]![0].apply();
    expect(reg.waiting!.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    stop();
  });
});
