import { SelectField, TextField } from "../../../components/field";
import { SORT_KEYS, STATUS_FILTERS, type SortKey, type StatusFilter } from "../model/table";
import styles from "./hand-ins.module.css";

export interface TableView {
  filter: StatusFilter;
  search: string;
  sort: SortKey;
  descending: boolean;
}

/** Filter by status, search by name, sort and its direction. */
export function TableToolbar({ view, onChange }: { view: TableView; onChange(next: TableView): void }) {
  return (
    <div className={styles.toolbar}>
      <SelectField
        label="Statut"
        value={view.filter}
        options={STATUS_FILTERS}
        onChange={(e) => onChange({ ...view, filter: e.target.value as StatusFilter })}
      />
      <TextField
        label="Rechercher un étudiant"
        type="search"
        value={view.search}
        placeholder="Nom, prénom ou identifiant"
        onChange={(e) => onChange({ ...view, search: e.target.value })}
      />
      <SelectField
        label="Trier par"
        value={view.sort}
        options={SORT_KEYS}
        onChange={(e) => onChange({ ...view, sort: e.target.value as SortKey })}
      />
      <SelectField
        label="Ordre"
        value={view.descending ? "desc" : "asc"}
        options={[
          { value: "asc", label: "Croissant" },
          { value: "desc", label: "Décroissant" },
        ]}
        onChange={(e) => onChange({ ...view, descending: e.target.value === "desc" })}
      />
    </div>
  );
}
