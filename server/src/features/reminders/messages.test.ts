import { describe, expect, it } from "vitest";
import { resultPopupHtml } from "../factions/season-results";
import { digestReminder, taskReminder } from "./messages";

// Generated French elides « de » before a vowel or a mute h (common/src/format/french.ts).
const NOW = Date.parse("2026-11-18T10:00:00Z");
const task = (matiere: string, type: "devoir" | "exam" = "devoir") => ({
  id: "t1",
  titre: "TP noté",
  type,
  matiere,
  date: "2026-11-19",
  heure: "08:30",
});

describe("reminder words", () => {
  it("say « Devoir d'Intégration » and « Examen d'Hébergement », not « de Intégration »", () => {
    expect(taskReminder(task("Intégration"), NOW).body).toBe("Devoir d'Intégration à rendre demain à 08:30.");
    expect(taskReminder(task("Hébergement", "exam"), NOW).body).toBe("Examen d'Hébergement demain à 08:30.");
    expect(taskReminder(task("Gestion de projet"), NOW).body).toBe("Devoir de Gestion de projet à rendre demain à 08:30.");
    expect(digestReminder("2026-11-18", [task("Anglais")], NOW).body).toBe("• Devoir d'Anglais : TP noté (demain à 08:30)");
  });
});

describe("season result pop-up", () => {
  it("ends « la saison d'octobre », with the elision", () => {
    const html = resultPopupHtml("2026-10", { Bagnat: 10, Fermier: 5 }, "Bagnat", "Bagnat");
    expect(html).toContain("Fin de la saison d'octobre 2026");
  });
});
