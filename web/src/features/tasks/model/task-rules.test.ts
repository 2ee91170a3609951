import { describe, expect, it } from "vitest";
import { withDeadline, type TaskEvent } from "../api/task-types";
import type { TaskDto } from "@planify/common/schemas/tasks";
import { formatSize, remainingText, truncateTitle } from "./format";
import { parisToUtc } from "@planify/common/time/paris-time";
import { canHardDelete, richToolsAllowed, type Viewer } from "./roles";
import { isLate, viewFor } from "./task-filters";
import { initialValues, toInput, validateTask } from "./task-validation";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const student: Viewer = { id: "u1", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" };
const delegate: Viewer = { ...student, id: "d1", role: "delegue" };
const prof: Viewer = { id: "p1", role: "prof", year: "", groupe: "Promo", specialite: "" };

const CAN = {
  edit: false,
  editYear: false,
  hardDelete: false,
  setGroups: false,
  editFiles: false,
  seeSubmissions: false,
  deposit: false,
  hide: true,
  mark: false,
};

/** A task as the server sends it (start = Paris date + heure), with the fields a test overrides. */
function task(over: Partial<TaskDto>): TaskEvent {
  const date = over.date ?? "2026-11-25";
  const heure = over.heure ?? "10:00";
  const start = new Date(parisToUtc(date, heure)).toISOString();
  const id = String(Math.random());
  const dto: TaskDto = {
    _id: id,
    id,
    titre: "T",
    title: "T",
    type: "devoir",
    matiere: "Anglais",
    subject: "Anglais",
    date,
    heure,
    durationMinutes: null,
    description: "",
    year: "BUT1",
    specialite: "",
    groupe: "A",
    groupes: ["A"],
    submissionEnabled: false,
    createdBy: null,
    creatorId: null,
    createdAt: "",
    updatedAt: "",
    attachments: [],
    checked: false,
    archived: false,
    hidden: false,
    checkedBy: [],
    archivedBy: [],
    hiddenBy: [],
    late: false,
    start,
    end: start,
    can: CAN,
    ...over,
  };
  return withDeadline(dto);
}

describe("card texts", () => {
  it("cuts titles at 23 characters with an ellipsis", () => {
    expect(truncateTitle("Exactement vingt-trois!")).toBe("Exactement vingt-trois!");
    expect(truncateTitle("Compte rendu de TP : formulaires")).toBe("Compte rendu de TP : fo…");
  });
  it("shows sizes in octets, Ko, Mo, Go", () => {
    expect(formatSize(512)).toBe("512 octets");
    expect(formatSize(3 * 1024)).toBe("3 Ko");
    expect(formatSize(2.5 * 1024 * 1024)).toBe("2,5 Mo");
    expect(formatSize(3 * 1024 ** 3)).toBe("3 Go");
  });
  it("counts down in days, hours, minutes, then 'Terminé'", () => {
    expect(remainingText(new Date(NOW + (2 * 1440 + 3 * 60 + 5) * 60_000), NOW)).toBe("2 j 3 h 5 min");
    expect(remainingText(new Date(NOW + 45 * 60_000), NOW)).toBe("45 min");
    expect(remainingText(new Date(NOW - 1), NOW)).toBe("Terminé");
  });
});

describe("tabs", () => {
  const todo = task({ titre: "todo" });
  const done = task({ titre: "done", checked: true });
  const archived = task({ titre: "archived", checked: true, archived: true });
  const late = task({ titre: "late", date: "2026-11-20" });
  const pastExam = task({ titre: "past exam", type: "exam", date: "2026-11-20" });
  const exam = task({ titre: "exam", type: "exam" });
  const hidden = task({ titre: "hidden", hidden: true });
  const all = [todo, done, archived, late, pastExam, exam, hidden];
  const titles = (list: TaskEvent[]) => list.map((t) => t.titre).sort();

  it("Date: completed on the left, upcoming to-dos on the right; finished exams and late tasks leave", () => {
    const v = viewFor("date", all, NOW);
    expect(titles(v.done)).toEqual(["done"]);
    expect(titles(v.main)).toEqual(["exam", "todo"]);
  });
  it("Retard: only late homework, never exams", () => {
    expect(titles(viewFor("retard", all, NOW).main)).toEqual(["late"]);
    expect(isLate(pastExam, NOW)).toBe(false);
  });
  it("Examens, Devoirs and Archives", () => {
    expect(titles(viewFor("examens", all, NOW).main)).toEqual(["exam"]);
    expect(titles(viewFor("devoirs", all, NOW).main)).toEqual(["todo"]);
    expect(titles(viewFor("archives", all, NOW).main)).toEqual(["archived"]);
  });
});

describe("add form rules", () => {
  const valid = {
    ...initialValues(prof),
    titre: "DM",
    matiere: "Anglais",
    date: "2026-11-25",
    heure: "10:00",
    groupes: ["A"],
    year: "BUT1",
  };
  it("gives the French messages in order", () => {
    expect(validateTask({ ...valid, matiere: "" }, prof, "add")).toBe("Veuillez sélectionner une matière.");
    expect(validateTask({ ...valid, groupes: [] }, prof, "add")).toBe("Veuillez sélectionner au moins un groupe.");
    expect(validateTask({ ...valid, year: "" }, prof, "add")).toBe("Veuillez sélectionner une année.");
    expect(validateTask({ ...valid, year: "" }, delegate, "add")).toBeNull();
    expect(validateTask(valid, prof, "add")).toBeNull();
  });
  it("Promo alone wins; a delegate never sends a year on edits", () => {
    expect(toInput({ ...valid, groupes: ["Promo", "A"] }, prof, "add").groupes).toEqual(["Promo"]);
    expect(toInput(valid, delegate, "edit").year).toBeUndefined();
    expect(toInput(valid, delegate, "add").year).toBe("BUT1");
  });
  it("delegates get the rich tools only in BUT2/BUT3; hard delete is for the creator", () => {
    expect(richToolsAllowed(delegate)).toBe(false);
    expect(richToolsAllowed({ ...delegate, year: "BUT2" })).toBe(true);
    expect(richToolsAllowed(prof)).toBe(true);
    // The delete icon follows the server's `can`, not a rule rebuilt on the web.
    expect(canHardDelete(task({ createdBy: "d1", can: { ...CAN, hardDelete: true } }))).toBe(true);
    expect(canHardDelete(task({ createdBy: "u1" }))).toBe(false);
  });
});
