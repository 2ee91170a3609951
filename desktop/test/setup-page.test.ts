// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSetupPage } from "../src/renderer/setup-page";
import type { ServerCheck, SetupBridge } from "../src/shared/ipc";

const html = readFileSync(join(__dirname, "..", "src", "renderer", "setup.html"), "utf8");

function page(answer: ServerCheck, current: string | null = null) {
  document.body.innerHTML = html.slice(html.indexOf("<main"), html.indexOf("</main>") + 7);
  const saved: string[] = [];
  let retried = 0;
  const bridge: SetupBridge = {
    current: async () => current,
    check: async () => answer,
    save: async (a) => {
      saved.push(a);
      return answer;
    },
    retry: async () => {
      retried++;
      return undefined;
    },
  };
  runSetupPage(document, bridge);
  const input = document.getElementById("address") as HTMLInputElement;
  const submit = async (value: string) => {
    input.value = value;
    (document.getElementById("form") as HTMLFormElement).requestSubmit();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { saved, input, submit, status: () => document.getElementById("status")?.textContent, retried: () => retried };
}

describe("first-run page", () => {
  it("asks for the school's server address", () => {
    page({ ok: true, origin: "https://p.fr", version: "1.0.0" });
    expect(document.querySelector("label[for=address]")?.textContent).toBe("Adresse du serveur de votre établissement");
  });

  it("a Planify server is accepted and saved", async () => {
    const p = page({ ok: true, origin: "https://planify.lycee.fr", version: "0.1.0" });
    await p.submit("planify.lycee.fr");
    expect(p.saved).toEqual(["planify.lycee.fr"]);
    expect(p.status()).toBe("Serveur Planify trouvé (version 0.1.0). Ouverture…");
  });

  it("a wrong address shows the French reason and keeps what was typed", async () => {
    const message = "Cette adresse répond, mais ce n'est pas un serveur Planify. Vérifiez l'adresse donnée par votre établissement.";
    const p = page({ ok: false, reason: "not-planify", message });
    await p.submit("intranet.lycee.fr");
    expect(p.status()).toBe(message);
    expect(p.input.value).toBe("intranet.lycee.fr");
    expect(p.input.getAttribute("aria-invalid")).toBe("true");
  });

  it("an empty field asks for the address without calling the server", async () => {
    const p = page({ ok: true, origin: "https://p.fr", version: "1" });
    await p.submit("  ");
    expect(p.saved).toEqual([]);
    expect(p.status()).toBe("Saisissez l'adresse du serveur de votre établissement.");
  });

  it("'Changer de serveur' shows the current address and can be cancelled", async () => {
    const p = page({ ok: true, origin: "https://p.fr", version: "1" }, "https://planify.lycee.fr");
    await new Promise((r) => setTimeout(r, 0));
    expect(p.input.value).toBe("https://planify.lycee.fr");
    expect(document.querySelector("h1")?.textContent).toBe("Changer de serveur");
    const cancel = document.getElementById("cancel") as HTMLButtonElement;
    expect(cancel.hidden).toBe(false);
    cancel.click();
    expect(p.retried()).toBe(1);
  });
});
