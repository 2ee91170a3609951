import { useMemo, useState } from "react";
import { Button } from "../../components/button";
import { usePageTitle } from "../../components/page";
import { useSession } from "../../lib/use-session";
import { GuestPage } from "../../components/guest-page";
import { QueryError } from "../../components/query-state";
import { useSubjects } from "../../lib/subjects/use-subjects";
import { lessonSlots, useLessons, useTimetableSources } from "./api/lessons-api";
import { useSlots, type Slot } from "./api/timetable-api";
import { holidayLabels, useHolidays } from "../../lib/holidays/use-holidays";
import { OwnTimetableForm } from "./components/own-timetable-form";
import { DayList } from "./components/day-list";
import { WeekGrid } from "./components/week-grid";
import { addDays, mondayOf, parisDayAndMinutes, weekDays, weekLabel } from "./model/week";
import styles from "./timetable.module.css";

const LESSON_COLOUR = { background: "var(--color-bg-grey)" };
/** Personal tasks: a pale primary surface with dark text, apart from the subject colours (and readable on every one). */
const PERSONAL_COLOUR = { background: "var(--color-primary-soft)" };

/** /emploi-du-temps: the caller's tasks and exams, and their school's lessons, placed by start and end, week by week. */
export function TimetablePage() {
  usePageTitle("Emploi du temps");
  const session = useSession();
  const user = session?.user ?? null;
  const now = parisDayAndMinutes(new Date());
  const [monday, setMonday] = useState(() => mondayOf(now.day));
  const slots = useSlots(user?.id ?? null, monday);
  const who = useMemo(() => (user ? { role: user.role, year: user.year, groupe: user.groupe, specialite: user.specialite } : null), [user]);
  const { styleOf } = useSubjects(who);
  const days = weekDays(monday);
  const sources = useTimetableSources(!!user);
  const hasLessons = !!sources.data && (sources.data.hasClassTimetable || sources.data.mine !== null);
  const lessons = useLessons(monday, !!user && hasLessons);
  // The week is drawn once the holidays are known too (one request, then cached): no band appears after the grid.
  const holidays = useHolidays(!!user);
  const holidayOf = useMemo(() => holidayLabels(days, holidays.data?.holidays ?? []), [days, holidays.data]);
  const inWeek = useMemo(
    () =>
      [...(slots.data ?? []), ...(hasLessons && lessons.data ? lessonSlots(lessons.data) : [])].filter((s) => {
        const d = parisDayAndMinutes(s.start).day;
        return d >= monday && d <= addDays(monday, 6);
      }),
    [slots.data, lessons.data, hasLessons, monday],
  );
  const colourOf = (s: Slot) => (s.lesson ? LESSON_COLOUR : s.personal ? PERSONAL_COLOUR : styleOf(s.matiere, s.type));

  if (!user) {
    return (
      <GuestPage
        title="Emploi du temps"
        intro="Votre semaine de cours, avec vos devoirs et examens placés heure par heure."
        features={[
          "Les devoirs et examens de votre groupe placés dans la semaine",
          "La semaine précédente ou suivante en un clic, l'heure actuelle marquée",
          "Les couleurs de vos matières, sur ordinateur comme sur téléphone",
        ]}
        prompt="Connectez-vous pour voir votre emploi du temps"
        openLoginOnArrival
      />
    );
  }
  const thisWeek = monday === mondayOf(now.day);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.h1}>Emploi du temps</h1>
          <p className={styles.week} aria-live="polite">
            Semaine du {weekLabel(monday)}
          </p>
        </div>
        <div className={styles.nav}>
          <Button variant="secondary" aria-label="Semaine précédente" onClick={() => setMonday(addDays(monday, -7))}>
            ‹
          </Button>
          <Button variant={thisWeek ? "primary" : "secondary"} onClick={() => setMonday(mondayOf(now.day))}>
            Aujourd'hui
          </Button>
          <Button variant="secondary" aria-label="Semaine suivante" onClick={() => setMonday(addDays(monday, 7))}>
            ›
          </Button>
        </div>
      </div>
      {slots.isLoading || holidays.isLoading ? (
        <p className={styles.state} role="status">
          Chargement de l'emploi du temps...
        </p>
      ) : slots.isError ? (
        <p className={styles.state} role="alert">
          Impossible de charger l'emploi du temps.
        </p>
      ) : (
        <>
          {inWeek.length === 0 && holidayOf.size === 0 && <p className={styles.state}>Aucune tâche cette semaine.</p>}
          {lessons.isError && (
            <p className={styles.state} role="alert">
              Impossible de lire les cours de l'emploi du temps.
            </p>
          )}
          {holidays.isError && (
            <QueryError
              text="Impossible de lire les vacances scolaires : les jours de vacances ne sont pas marqués."
              error={holidays.error}
              onRetry={holidays.refetch}
              retrying={holidays.isFetching}
            />
          )}
          {lessons.data?.problems.map((p) => (
            <p key={p} className={styles.state} role="alert">
              {p}
            </p>
          ))}
          <div className={styles.desktop}>
            <WeekGrid days={days} today={now.day} slots={inWeek} colourOf={colourOf} nowMinutes={now.minutes} holidayOf={holidayOf} />
          </div>
          <div className={styles.mobile}>
            <DayList days={days} today={now.day} slots={inWeek} colourOf={colourOf} holidayOf={holidayOf} />
          </div>
        </>
      )}
      <OwnTimetableForm />
    </div>
  );
}
