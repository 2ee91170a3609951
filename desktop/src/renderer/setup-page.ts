import type { SetupBridge } from "../shared/ipc";

/**
 * The first-run form: checks the address through the main process (which calls
 * /api/health), says in French what is wrong, and keeps what was typed on error.
 */
export function runSetupPage(doc: Document, bridge: SetupBridge): void {
  const form = doc.getElementById("form") as HTMLFormElement;
  const input = doc.getElementById("address") as HTMLInputElement;
  const status = doc.getElementById("status") as HTMLElement;
  const submit = doc.getElementById("submit") as HTMLButtonElement;
  const cancel = doc.getElementById("cancel") as HTMLButtonElement;
  const say = (text: string, tone: "error" | "ok" | "" = "") => {
    status.textContent = text;
    status.dataset.tone = tone;
  };

  void bridge.current().then((current) => {
    if (!current) return;
    // Opened from 'Changer de serveur': the current address, and a way back to it.
    (doc.getElementById("title") as HTMLElement).textContent = "Changer de serveur";
    input.value = current;
    cancel.hidden = false;
  });
  cancel.addEventListener("click", () => void bridge.retry());
  input.addEventListener("input", () => input.removeAttribute("aria-invalid"));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!input.value.trim()) {
      input.setAttribute("aria-invalid", "true");
      say("Saisissez l'adresse du serveur de votre établissement.", "error");
      input.focus();
      return;
    }
    submit.disabled = true;
    say("Vérification de l'adresse…");
    try {
      const result = await bridge.save(input.value);
      if (result.ok) say(`Serveur Planify trouvé (version ${result.version}). Ouverture…`, "ok");
      else {
        input.setAttribute("aria-invalid", "true");
        say(result.message, "error");
        input.focus();
      }
    } catch {
      say("La vérification n'a pas pu se faire. Réessayez.", "error");
    } finally {
      submit.disabled = false;
    }
  });
}
