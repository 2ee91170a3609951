import type { SetupBridge } from "../shared/ipc";

declare global {
  interface Window {
    planifySetup: SetupBridge;
  }
}

const REASONS: Record<string, string> = {
  injoignable: "Le serveur de votre établissement ne répond pas. Vérifiez votre connexion à Internet, puis réessayez.",
  certificat:
    "Le certificat de sécurité du serveur n'est pas valide : Planify refuse de s'y connecter. Prévenez l'administrateur de votre établissement.",
};

const params = new URLSearchParams(location.search);
const reason = document.getElementById("reason") as HTMLElement;
const server = document.getElementById("server") as HTMLElement;
const status = document.getElementById("status") as HTMLElement;
const retry = document.getElementById("retry") as HTMLButtonElement;
reason.textContent = REASONS[params.get("raison") ?? ""] ?? REASONS.injoignable!;
if (params.get("raison") === "certificat") (document.getElementById("title") as HTMLElement).textContent = "Connexion non sûre";
server.textContent = params.get("serveur") ?? "—";
retry.addEventListener("click", () => {
  retry.disabled = true;
  status.textContent = "Nouvelle tentative…";
  void window.planifySetup.retry();
  // The window leaves this page when the server answers; otherwise it comes back here.
  setTimeout(() => {
    retry.disabled = false;
    status.textContent = "";
  }, 4000);
});
