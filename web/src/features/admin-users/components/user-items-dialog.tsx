import { useCallback, useState } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { ADMIN_MESSAGE_MAX } from "@planify/common/constants/economy";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { useNotify } from "../../../components/notifications";
import { useRewardOptions } from "../../../components/admin/reward-options";
import { RewardPicker } from "../../../components/admin/reward-picker";
import { failureText } from "../../../lib/failure-text";
import { useFlash } from "../../../lib/use-flash";
import { useClearItems, useGiveItem, useRemoveItem, useRerollShop, useUsersAdminAction } from "../api/users-admin-api";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";
import { deWord } from "@planify/common/format/french";

type Place = "owned" | "give" | "border";

/** 'Voir les items': what a user owns, and the admin's item, border, avatar and shop actions. */
export function UserItemsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const rewards = useRewardOptions();
  const colorOptions = [{ value: "default", label: "Par défaut" }, ...rewards.colors.map((c) => ({ value: c.value, label: c.label }))];
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useFlash();
  // Each outcome shows under the buttons that caused it: this window scrolls, and a line at its top is out of sight.
  const [place, setPlace] = useState<Place>("owned");
  // A new outcome is scrolled into view if the button sat at the window's edge.
  const reveal = useCallback((el: HTMLDivElement | null) => el?.scrollIntoView?.({ block: "nearest" }), []);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState("");
  const [avatar, setAvatar] = useState("");
  const [color, setColor] = useState("");
  const give = useGiveItem();
  const remove = useRemoveItem();
  const clear = useClearItems();
  const action = useUsersAdminAction();
  const reroll = useRerollShop();
  if (!user) return <Dialog open={false} onOpenChange={onClose} title="Items" />;

  const say = (at: Place) => {
    setPlace(at);
    setError(null);
    setFlash(null);
  };
  const outcome = (at: Place) =>
    place === at && (error || flash) ? (
      <div className={styles.outcome} ref={reveal}>
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
      </div>
    ) : null;
  const run = async (at: Place, fallback: string, call: () => Promise<{ message: string }>) => {
    say(at);
    try {
      setFlash((await call()).message);
      return true;
    } catch (err) {
      setError(failureText(fallback, err, " : "));
      return false;
    }
  };

  async function removeOne(itemId: number, colorId: string | null, name: string) {
    const ok = await notify.confirm({
      title: "Retirer l'item",
      message: `Retirer « ${name} » à ${user!.username} ?`,
      yes: "Retirer",
      no: "Annuler",
    });
    if (ok) await run("owned", "Erreur lors du retrait d'item", () => remove.mutateAsync({ id: user!.id, itemId: colorId ?? itemId }));
  }
  async function removeAll() {
    const ok = await notify.confirm({
      title: "Tout retirer",
      message: `Retirer tous les items et couleurs ${deWord(user!.username)} et remettre sa bordure par défaut ?`,
      yes: "Tout retirer",
      no: "Annuler",
    });
    if (ok) await run("owned", "Erreur lors de la suppression", () => clear.mutateAsync(user!.id));
  }
  async function giveItems() {
    say("give");
    if (picked.size === 0) return setError("Choisissez au moins un item ou une couleur.");
    let given = 0;
    const problems: string[] = [];
    for (const ref of picked) {
      try {
        await give.mutateAsync({ id: user!.id, itemId: /^\d+$/.test(ref) ? Number(ref) : ref, adminMessage: message.trim() || undefined });
        given++;
      } catch (err) {
        problems.push(failureText("", err).trim());
      }
    }
    setPicked(new Set());
    if (problems.length) setError(`Erreur lors du don d'items : ${problems.join(" ")}`);
    if (given) setFlash(`${given} item(s) offert(s) à ${user!.username}.`);
  }
  async function saveAvatar() {
    say("border");
    if (!avatar.trim()) return setError("Une URL est requise.");
    if (
      await run("border", "Erreur avatar", () => action.mutateAsync({ action: "set-avatar-url", userId: user!.id, avatar: avatar.trim() }))
    )
      setAvatar("");
  }

  const owned = user.purchasedItems;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Items ${deWord(user.username)}`}
      width={720}
      className={styles.userDialog}
    >
      <div className={[panel.form, styles.itemsForm].join(" ")}>
        {owned.length === 0 ? (
          <p className={panel.muted}>Aucun item possédé (la bordure classique est toujours disponible).</p>
        ) : (
          <ul className={styles.owned} aria-label="Items possédés">
            {owned.map((item) => (
              <li key={`${item.itemId}-${item.colorId ?? ""}`}>
                <span>
                  {item.itemName}
                  {item.equipped ? " · équipé" : ""}
                  {!item.adminGiftRead ? " · cadeau non vu" : ""}
                </span>
                <Button size="small" variant="ghost" onClick={() => removeOne(item.itemId, item.colorId, item.itemName)}>
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className={panel.actions}>
          <Button variant="danger" size="small" onClick={removeAll} disabled={clear.isPending}>
            Tout retirer et réinitialiser la bordure
          </Button>
          <Button
            variant="secondary"
            size="small"
            onClick={() => run("owned", "Erreur re-roll", () => reroll.mutateAsync())}
            disabled={reroll.isPending}
          >
            Renouveler la boutique du jour
          </Button>
        </div>
        {outcome("owned")}

        <section className={styles.section} aria-label="Donner des items">
          <h3>Donner des items</h3>
          <RewardPicker legend="Items" options={rewards.items} selected={picked} onChange={setPicked} />
          <RewardPicker legend="Couleurs de bordure" options={rewards.colors} selected={picked} onChange={setPicked} />
          <TextAreaField
            label="Message de l'équipe (facultatif)"
            rows={2}
            maxLength={ADMIN_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p className={styles.counter}>
            {message.length}/{ADMIN_MESSAGE_MAX}
          </p>
          <div>
            <Button onClick={giveItems} disabled={give.isPending}>
              {give.isPending ? "Envoi…" : "Donner"}
            </Button>
          </div>
          {outcome("give")}
        </section>

        <section className={styles.section} aria-label="Bordure et avatar">
          <h3>Bordure et avatar</h3>
          <div className={styles.formGrid}>
            <SelectField
              label="Couleur de bordure"
              options={colorOptions}
              placeholder="Choisir…"
              value={color}
              onChange={(e) => setColor(e.target.value)}
            />
            <TextField label="Avatar (URL)" type="url" placeholder="https://…" value={avatar} onChange={(e) => setAvatar(e.target.value)} />
          </div>
          <div className={panel.actions}>
            <Button
              variant="secondary"
              size="small"
              disabled={!color || action.isPending}
              onClick={() =>
                run("border", "Erreur attribution", () =>
                  action.mutateAsync({
                    action: "set-border-color",
                    userId: user.id,
                    colorId: color,
                    adminMessage: message.trim() || undefined,
                  }),
                )
              }
            >
              Attribuer la couleur
            </Button>
            <Button variant="secondary" size="small" onClick={saveAvatar} disabled={action.isPending}>
              Définir l'avatar
            </Button>
          </div>
          {outcome("border")}
        </section>
      </div>
    </Dialog>
  );
}
