import { useMemo, useState } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { ROLE_LABELS, ROLES } from "@planify/common/constants/roles";
import { YEARS } from "@planify/common/constants/school";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { DownloadIcon } from "../../components/page-icons";
import { failureText } from "../../lib/failure-text";
import { useFlash } from "../../lib/use-flash";
import { roleLabel } from "../../lib/user-labels";
import { EraseDialog } from "./components/erase-dialog";
import { downloadUsersExport, useAdminUsers, useDeleteUser } from "./api/users-admin-api";
import { filterUsers } from "./model/user-forms";
import { AddUserDialog } from "./components/add-user-dialog";
import { BulkDialog } from "./components/bulk-dialog";
import { EditUserDialog } from "./components/edit-user-dialog";
import { GiftDialog } from "./components/gift-dialog";
import { QuestionsDialog } from "./components/questions-dialog";
import { UserItemsDialog } from "./components/user-items-dialog";
import { UserRow } from "./components/user-row";
import { PasswordSignInSetting } from "./components/password-sign-in-setting";
import panel from "../../components/admin-panel.module.css";
import styles from "./admin-users.module.css";

/** Rows drawn per page: a school of 1,500 stays quick to scroll and search. */
const PAGE = 50;
type Open = { kind: "edit" | "items" | "questions"; id: string } | null;

/** 'Gérer les utilisateurs': search, filters, checkboxes, bulk actions, export and per-user actions. */
export function AdminUsersPanel({ startWith }: { startWith?: "add" | "gift" }) {
  const list = useAdminUsers();
  const remove = useDeleteUser();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState("");
  const [year, setYear] = useState("");
  const [shown, setShown] = useState(PAGE);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(startWith === "add");
  const [gifting, setGifting] = useState(startWith === "gift");
  const [bulk, setBulk] = useState<"give" | "remove" | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState<AdminUser | null>(null);
  const [flash, setFlash] = useFlash();

  const users = list.data?.users ?? [];
  const filtered = useMemo(() => filterUsers(users, search, role, year), [users, search, role, year]);
  const byId = (id: string | undefined) => users.find((u) => u.id === id) ?? null;
  const allChecked = filtered.length > 0 && filtered.every((u) => checked.has(u.id));

  const toggle = (id: string) => {
    const next = new Set(checked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChecked(next);
  };
  const toggleAll = () => setChecked(allChecked ? new Set() : new Set(filtered.map((u) => u.id)));

  async function erase(u: AdminUser) {
    setError(null);
    try {
      setFlash((await remove.mutateAsync(u.id)).message);
      checked.delete(u.id);
      setErasing(null);
    } catch (err) {
      setErasing(null);
      setError(failureText("Erreur lors de l'effacement", err, ": "));
    }
  }

  async function exportCsv() {
    setError(null);
    try {
      const { blob, name } = await downloadUsersExport();
      const url = URL.createObjectURL(blob);
      const a = Object.assign(document.createElement("a"), { href: url, download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Export échoué");
    }
  }

  return (
    <section className={panel.panel} aria-labelledby="users-title">
      <h2 id="users-title" className={panel.panelTitle}>
        Gérer les utilisateurs
      </h2>
      <p className={panel.panelIntro}>Recherchez un compte, modifiez-le, donnez ou retirez des items à plusieurs comptes à la fois.</p>
      <PasswordSignInSetting />
      <div className={panel.actions}>
        <Button onClick={() => setAdding(true)}>Ajouter un utilisateur</Button>
        <Button variant="secondary" onClick={() => setGifting(true)}>
          Cadeau global
        </Button>
        <Button variant="secondary" onClick={exportCsv}>
          <DownloadIcon size={18} /> Exporter (CSV)
        </Button>
      </div>
      <div className={styles.toolbar}>
        <TextField
          fieldClassName={styles.search}
          label="Rechercher"
          type="search"
          value={search}
          placeholder="Nom d'utilisateur, prénom, nom…"
          onChange={(e) => {
            setSearch(e.target.value);
            setShown(PAGE);
          }}
          autoComplete="off"
        />
        <SelectField
          fieldClassName={styles.filter}
          label="Rôle"
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          placeholder="Tous"
          value={role}
          onChange={(e) => setRole(e.target.value)}
        />
        <SelectField
          fieldClassName={styles.filter}
          label="Année"
          options={YEARS.map((y) => ({ value: y, label: y }))}
          placeholder="Toutes"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
      </div>
      {error && (
        <p className={panel.error} role="alert">
          {error}
        </p>
      )}
      {flash && (
        <p className={panel.success} role="status">
          {flash}
        </p>
      )}
      {checked.size > 0 && (
        <section className={styles.bulkBar} aria-label="Actions groupées">
          <strong>
            {checked.size} sélectionné{checked.size > 1 ? "s" : ""}
          </strong>
          <Button size="small" onClick={() => setBulk("give")}>
            Donner des items
          </Button>
          <Button size="small" variant="danger" onClick={() => setBulk("remove")}>
            Retirer des items
          </Button>
          <Button size="small" variant="ghost" onClick={() => setChecked(new Set())}>
            Désélectionner
          </Button>
        </section>
      )}
      {list.isPending && (
        <p className={panel.loading} role="status">
          Chargement des utilisateurs…
        </p>
      )}
      {list.isError && (
        <p className={panel.error} role="alert">
          {failureText("Impossible de charger les utilisateurs.", list.error)}
        </p>
      )}
      {list.isSuccess && (
        <table className={styles.table}>
          <caption className="visually-hidden">Utilisateurs ({filtered.length})</caption>
          <thead>
            <tr>
              <th className={styles.check}>
                <input type="checkbox" aria-label="Tout sélectionner" checked={allChecked} onChange={toggleAll} />
              </th>
              <th>Utilisateur</th>
              <th>Rôle</th>
              <th>Promo</th>
              <th className={styles.num}>Coins</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {filtered.slice(0, shown).map((u) => (
              <UserRow
                key={u.id}
                user={u}
                checked={checked.has(u.id)}
                onToggle={() => toggle(u.id)}
                roleLabel={roleLabel(u.role)}
                onOpen={(kind) => setOpen({ kind, id: u.id })}
                onDelete={() => setErasing(u)}
              />
            ))}
          </tbody>
        </table>
      )}
      {list.isSuccess && filtered.length === 0 && <p className={panel.muted}>Aucun utilisateur trouvé.</p>}
      {filtered.length > shown && (
        <div className={styles.more}>
          <span>
            {shown} sur {filtered.length}
          </span>
          <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
            Afficher plus
          </Button>
        </div>
      )}
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <GiftDialog open={gifting} users={users} onClose={() => setGifting(false)} />
      <BulkDialog key={bulk ?? "closed"} mode={bulk} userIds={[...checked]} onClose={() => setBulk(null)} />
      <EditUserDialog
        key={open?.kind === "edit" ? open.id : "closed"}
        user={open?.kind === "edit" ? byId(open.id) : null}
        onClose={() => setOpen(null)}
      />
      <UserItemsDialog user={open?.kind === "items" ? byId(open.id) : null} onClose={() => setOpen(null)} />
      <QuestionsDialog
        key={open?.kind === "questions" ? open.id : "closed"}
        user={open?.kind === "questions" ? byId(open.id) : null}
        onClose={() => setOpen(null)}
      />
      {erasing && (
        <EraseDialog user={erasing} busy={remove.isPending} onConfirm={() => void erase(erasing)} onClose={() => setErasing(null)} />
      )}
    </section>
  );
}
