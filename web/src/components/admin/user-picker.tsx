import { useMemo, useState } from "react";
import { ROLE_LABELS, type Role } from "@planify/common/constants/roles";
import { TextField } from "../field";
import styles from "../admin-panel.module.css";

export interface PickableUser {
  id: string;
  username: string;
  role: string;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
/** Rows shown at once: typing narrows a school of 1,500 down quickly. */
const SHOWN = 60;

/**
 * A searchable list of accounts showing username and role. `multiple`: checkboxes, else a
 * radio group (one user). The selection survives searching.
 */
export function UserPicker({
  users,
  selected,
  onChange,
  multiple,
  legend,
}: {
  users: readonly PickableUser[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  multiple?: boolean;
  legend: string;
}) {
  const [search, setSearch] = useState("");
  const matches = useMemo(() => {
    const q = fold(search.trim());
    return q ? users.filter((u) => fold(`${u.username} ${ROLE_LABELS[u.role as Role] ?? u.role}`).includes(q)) : users;
  }, [users, search]);
  const toggle = (id: string) => {
    if (!multiple) return onChange(new Set([id]));
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <fieldset className={styles.stack}>
      <legend>
        {legend}
        {multiple ? ` (${selected.size} choisi${selected.size > 1 ? "s" : ""})` : ""}
      </legend>
      <TextField
        label="Rechercher un utilisateur"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Nom d'utilisateur ou rôle…"
        autoComplete="off"
      />
      <div className={styles.picker}>
        {matches.length === 0 && <p className={styles.muted}>Aucun utilisateur trouvé.</p>}
        {matches.slice(0, SHOWN).map((u) => (
          <label key={u.id} className={styles.pickerOption}>
            <input
              type={multiple ? "checkbox" : "radio"}
              name={multiple ? undefined : "user-picker"}
              checked={selected.has(u.id)}
              onChange={() => toggle(u.id)}
            />
            <span>
              <strong>{u.username}</strong> · {ROLE_LABELS[u.role as Role] ?? u.role}
            </span>
          </label>
        ))}
        {matches.length > SHOWN && <p className={styles.muted}>{matches.length - SHOWN} autres : précisez la recherche.</p>}
      </div>
    </fieldset>
  );
}
