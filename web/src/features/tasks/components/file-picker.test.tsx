import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { DesktopBridge, PickFilesRequest } from "../../../../../desktop/src/shared/ipc";
import { FilePicker } from "./file-picker";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  delete (window as { planifyDesktop?: unknown }).planifyDesktop;
  document.body.innerHTML = "";
});

async function mount() {
  const changes: File[][] = [];
  const errors: string[] = [];
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <FilePicker
        files={[]}
        onChange={(f) => changes.push(f)}
        accept=".pdf,.doc,.docx,.zip,.rar"
        label="Choisir des fichiers"
        hint="pdf, doc, docx, zip, rar"
        onError={(m) => errors.push(m)}
      />,
    ),
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { changes, errors, input };
}

/** The desktop side answers as its main process would after the user picked two files. */
function installBridge() {
  const requests: PickFilesRequest[] = [];
  const bridge: Partial<DesktopBridge> & { version: 1 } = {
    version: 1,
    appVersion: async () => "0.1.0",
    async pickFiles(req) {
      requests.push(req);
      return [
        { name: "rendu.pdf", type: "application/pdf", bytes: new TextEncoder().encode("%PDF-1.7") },
        { name: "code.zip", type: "application/zip", bytes: new Uint8Array([80, 75, 3, 4]) },
      ];
    },
    saveDownload: async () => ({ status: "cancelled" }),
    onDownloadProgress: () => () => undefined,
    revealInFolder: async () => false,
    notify: async () => false,
  };
  (window as { planifyDesktop?: unknown }).planifyDesktop = bridge;
  return requests;
}

describe("attachment and hand-in picker", () => {
  it("in a browser: the browser's own file dialog opens and the chosen files are listed", async () => {
    const { input, changes } = await mount();
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => input.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
    const file = new File(["%PDF"], "sujet.pdf", { type: "application/pdf" });
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
    expect(changes).toEqual([[file]]);
  });

  it("in Planify Desktop: the system dialog opens filtered to the allowed types and its files are added", async () => {
    const requests = installBridge();
    const { input, changes, errors } = await mount();
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => input.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(requests).toEqual([{ extensions: ["pdf", "doc", "docx", "zip", "rar"], multiple: true }]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.map((f) => [f.name, f.type, f.size])).toEqual([
      ["rendu.pdf", "application/pdf", 8],
      ["code.zip", "application/zip", 4],
    ]);
    expect(await changes[0]![0]!.text()).toBe("%PDF-1.7");
    expect(errors).toEqual([]);
  });
});
