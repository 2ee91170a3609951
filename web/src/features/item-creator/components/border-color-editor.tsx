import { useState } from "react";
import { ITEM_CREATOR_LIMITS as L, ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import type { BorderColorEntry } from "@planify/common/schemas/items";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { CheckIcon } from "../../../components/icons";
import { useNotify } from "../../../components/notifications";
import { UserAvatar } from "../../../components/item-art/user-avatar";
import { ApiError } from "../../../lib/api";
import { failureText } from "../../../lib/failure-text";
import { useFlash } from "../../../lib/use-flash";
import { useSession } from "../../../lib/use-session";
import { createColor, deleteColor, updateColor, useBorderColorList, useCatalogueMutation } from "../api/items-admin";
import { colorBody, colorFormOf, emptyColorForm, gradientOf, MAX_STOPS, type ColorForm } from "../model/color-form";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

/** 'Couleurs de bordure': create a colour or gradient, or update / delete a created one. */
export function BorderColorEditor() {
  const user = useSession()?.user;
  const notify = useNotify();
  const colors = useBorderColorList();
  const [form, setForm] = useState<ColorForm>(emptyColorForm);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();
  const create = useCatalogueMutation(createColor);
  const update = useCatalogueMutation(updateColor);
  const remove = useCatalogueMutation(deleteColor);
  const created = (colors.data ?? []).filter((c) => c.isDynamic);
  const put = (p: Partial<ColorForm>) => setForm((f) => ({ ...f, ...p }));
  const paint = gradientOf(form) ?? form.color;
  const fail = (t: string) => {
    showFlash(null);
    setError(t);
  };
  const done = (t: string) => {
    setError(null);
    showFlash(t);
  };

  async function save() {
    const checked = colorBody(form);
    if (!checked.ok) return fail(checked.message);
    try {
      const res = form.editing ? await update.mutateAsync(checked.body) : await create.mutateAsync(checked.body);
      setForm(colorFormOf(res.color));
      done(res.message);
    } catch (err) {
      if (err instanceof ApiError && !err.isNetwork) fail(err.serverMessage || M.colorSaveFailed);
      else fail(M.colorSaveException);
    }
  }

  async function onDelete(c: BorderColorEntry) {
    const yes = await notify.confirm({
      title: "Supprimer cette couleur ?",
      message: `« ${c.name} » sera retirée du catalogue.`,
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      done((await remove.mutateAsync(c.id)).message);
      if (form.editing === c.id) setForm(emptyColorForm());
    } catch (err) {
      // The server says why (owners, codes) in a full sentence; otherwise the generic text.
      fail(err instanceof ApiError && err.serverMessage ? err.serverMessage : failureText(M.deleteFailed, err, " : "));
    }
  }

  const setStop = (i: number, v: string) => put({ stops: form.stops.map((s, n) => (n === i ? v : s)) });
  const saving = create.isPending || update.isPending;
  return (
    <div className={styles.editor}>
      <div className={styles.workspace}>
        <div className={styles.column}>
          <div className={styles.colorPreview} aria-label="Aperçu de la couleur" role="img">
            {user && <UserAvatar user={user} size={160} itemId={null} ringPaint={paint} />}
            {user && <UserAvatar user={user} size={57} itemId={null} ringPaint={paint} surface="navbar" />}
          </div>
        </div>
        <form
          className={[styles.column, styles.group].join(" ")}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
          aria-label="Couleur de bordure"
        >
          <div className={[panel.row, styles.fieldsRow].join(" ")}>
            <TextField
              label="Identifiant"
              value={form.id}
              maxLength={L.colorIdMax}
              disabled={form.editing !== null}
              hint="Lettres minuscules, chiffres et tirets ; il ne change plus ensuite."
              onChange={(e) => put({ id: e.target.value })}
            />
            <TextField label="Nom" value={form.name} maxLength={L.colorNameMax} onChange={(e) => put({ name: e.target.value })} />
          </div>
          <div className={panel.row}>
            <TextField label="Couleur" type="color" value={form.color} onChange={(e) => put({ color: e.target.value })} />
            <TextField
              label="Prix (coins)"
              type="number"
              min={0}
              inputMode="numeric"
              value={form.price}
              onChange={(e) => put({ price: e.target.value })}
            />
            <TextField
              label="ID (legacy, facultatif)"
              inputMode="numeric"
              value={form.legacyId}
              onChange={(e) => put({ legacyId: e.target.value })}
            />
          </div>
          <label className={styles.check}>
            <input type="checkbox" checked={form.useGradient} onChange={(e) => put({ useGradient: e.target.checked })} />
            Dégradé
          </label>
          {form.useGradient && (
            <fieldset className={panel.stack}>
              <legend>Dégradé</legend>
              <div className={panel.row}>
                {form.stops.map((s, i) => (
                  <TextField key={i} label={`Couleur ${i + 1}`} type="color" value={s} onChange={(e) => setStop(i, e.target.value)} />
                ))}
                <TextField
                  label="Angle (°)"
                  type="number"
                  min={0}
                  max={360}
                  value={form.angle}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    if (Number.isInteger(n) && n >= 0 && n <= 360) put({ angle: n });
                  }}
                />
              </div>
              <div className={panel.actions}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={form.stops.length >= MAX_STOPS}
                  onClick={() => put({ stops: [...form.stops, form.stops.at(-1)!] })}
                >
                  Ajouter une couleur
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={form.stops.length <= 2}
                  onClick={() => put({ stops: form.stops.slice(0, -1) })}
                >
                  Retirer la dernière
                </Button>
              </div>
            </fieldset>
          )}
          <label className={styles.check}>
            <input type="checkbox" checked={form.availableInDailyShop} onChange={(e) => put({ availableInDailyShop: e.target.checked })} />
            Peut apparaître dans la boutique quotidienne
          </label>
          <div className={panel.actions}>
            <Button type="submit" disabled={saving}>
              {saving ? "Enregistrement…" : form.editing ? "Mettre à jour la couleur" : "Créer la couleur"}
            </Button>
            {form.editing && (
              <Button
                variant="secondary"
                onClick={() => {
                  setForm(emptyColorForm());
                  setError(null);
                }}
              >
                Nouvelle couleur
              </Button>
            )}
          </div>
          <div className={panel.actions} aria-live="polite">
            {flash && (
              <p className={panel.success} role="status">
                <CheckIcon size={18} /> {flash}
              </p>
            )}
            {error && (
              <p className={panel.error} role="alert">
                {error}
              </p>
            )}
          </div>
        </form>
      </div>
      <h3 className={panel.subTitle}>Couleurs créées</h3>
      {colors.isPending && <p className={panel.loading}>Chargement des couleurs…</p>}
      {colors.isError && (
        <p className={panel.error} role="alert">
          {failureText("Impossible de charger les couleurs", colors.error, " : ")}
        </p>
      )}
      {colors.data && created.length === 0 && <p className={panel.muted}>Aucune couleur créée pour le moment.</p>}
      {created.length > 0 && (
        <ul className={panel.list} aria-label="Couleurs créées">
          {created.map((c) => (
            <li key={c.id} className={panel.listItem} data-editing={c.id === form.editing || undefined}>
              <span className={styles.disc} style={{ background: c.gradient ?? c.color }} aria-hidden="true" />
              <div className={panel.grow}>
                <strong>{c.name}</strong>
                <span className={panel.muted}>
                  {c.id} · ID {c.legacyId} · {c.price} coins{c.availableInDailyShop ? " · boutique quotidienne" : ""}
                </span>
              </div>
              <div className={panel.actions}>
                <Button
                  size="small"
                  onClick={() => {
                    setForm(colorFormOf(c));
                    setError(null);
                  }}
                  aria-label={`Modifier ${c.name}`}
                >
                  Modifier
                </Button>
                <Button size="small" variant="danger" onClick={() => onDelete(c)} aria-label={`Supprimer ${c.name}`}>
                  Supprimer
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
