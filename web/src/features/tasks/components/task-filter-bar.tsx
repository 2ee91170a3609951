import { GROUPS, TRACK_LABELS, TRACKS, YEARS } from "@planify/common/constants/school";
import type { ListFilters } from "../model/task-filters";
import styles from "./task-list.module.css";

interface Props {
  filters: ListFilters;
  onChange(filters: ListFilters): void;
  subjects: string[];
  staff: boolean;
}

/** Subject filter for everyone; year, speciality and group filters for teachers. */
export function TaskFilterBar({ filters, onChange, subjects, staff }: Props) {
  const set = (key: keyof ListFilters) => (e: React.ChangeEvent<HTMLSelectElement>) => onChange({ ...filters, [key]: e.target.value });
  return (
    <div className={styles.filters}>
      <label className={styles.filter}>
        <span>Matière</span>
        <select value={filters.subject} onChange={set("subject")}>
          <option value="">Toutes</option>
          {subjects.length === 0 && <option disabled>Aucune matière trouvée</option>}
          {subjects.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {staff && (
        <>
          <label className={styles.filter}>
            <span>Année</span>
            <select value={filters.year} onChange={set("year")}>
              <option value="">Toutes</option>
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>Spécialité</span>
            <select value={filters.specialite} onChange={set("specialite")}>
              <option value="">Toutes</option>
              {TRACKS.map((t) => (
                <option key={t} value={t}>
                  {TRACK_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            <span>Groupe</span>
            <select value={filters.groupe} onChange={set("groupe")}>
              <option value="">Tous</option>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </div>
  );
}
