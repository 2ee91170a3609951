import { errorText } from "./api";

/**
 * A failure line made of the screen's own sentence and, when there is one, the reason the
 * server (or the network) gave: "Erreur lors de l'achat. Solde insuffisant". Built on
 * errorText, the one helper that reads a failed call.
 */
export function failureText(sentence: string, error: unknown, joiner = " "): string {
  const reason = errorText(error, "");
  return reason ? `${sentence}${joiner}${reason}` : sentence;
}
