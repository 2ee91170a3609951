// The French words of reminders (push, desktop and e-mail say the same thing).
import { TASK_TYPE_LABELS } from "@planify/common/constants/tasks";
import { addDays, parisDate } from "@planify/common/time/paris-time";
import { deWord } from "@planify/common/format/french";

export interface ReminderPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

export interface TaskWords {
  id: string;
  titre: string;
  type: "devoir" | "exam";
  matiere: string;
  date: string;
  heure: string;
  /** A task the student added for themselves ('Perso'). */
  personal?: boolean;
}

const dayFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });

/** "aujourd'hui", "demain" or "le mardi 27 octobre", from the Paris date of `now`. */
export function dayLabel(date: string, now: number): string {
  const today = parisDate(now);
  if (date === today) return "aujourd'hui";
  if (date === addDays(today, 1)) return "demain";
  return `le ${dayFormat.format(new Date(`${date}T12:00:00Z`))}`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where a click on the reminder leads: the task's details in the list. */
const taskUrl = (id: string) => `/devoirs?tache=${encodeURIComponent(id)}`;

/** What a task is, in a sentence's words: "Devoir de Maths", "Examen de Maths", "Tâche perso (Maths)". */
function kindOf(task: TaskWords): string {
  if (task.personal) return task.matiere ? `Tâche perso (${task.matiere})` : "Tâche perso";
  return `${task.type === "exam" ? TASK_TYPE_LABELS.exam : TASK_TYPE_LABELS.devoir} ${deWord(task.matiere)}`;
}

/** One task's reminder: "Rappel : TP noté" / "Devoir de Maths à rendre demain à 08:30." */
export function taskReminder(task: TaskWords, now: number): ReminderPayload {
  const when = `${dayLabel(task.date, now)} à ${task.heure}`;
  const body = task.personal
    ? `${kindOf(task)} prévue ${when}.`
    : task.type === "exam"
      ? `${kindOf(task)} ${when}.`
      : `${kindOf(task)} à rendre ${when}.`;
  return { title: clip(`Rappel : ${task.titre}`, 120), body: clip(body, 300), tag: `rappel-${task.id}`, url: taskUrl(task.id) };
}

/** The daily digest: every listed task on its own line. */
export function digestReminder(day: string, items: TaskWords[], now: number): ReminderPayload {
  const lines = items.map((t) => `• ${kindOf(t)} : ${t.titre} (${dayLabel(t.date, now)} à ${t.heure})`);
  const n = items.length;
  return {
    title: `Vos échéances : ${n} tâche${n > 1 ? "s" : ""} à venir`,
    body: clip(lines.join("\n"), 1500),
    tag: `resume-${day}`,
    url: "/devoirs",
  };
}
