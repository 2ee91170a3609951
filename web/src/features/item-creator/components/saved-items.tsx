import type { ShopItem } from "@planify/common/schemas/items";
import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import { Button } from "../../../components/button";
import { useNotify } from "../../../components/notifications";
import { UserAvatar } from "../../../components/item-art/user-avatar";
import { ApiError } from "../../../lib/api";
import { failureText } from "../../../lib/failure-text";
import { useSession } from "../../../lib/use-session";
import { deleteItem, useAllItems, useCatalogueMutation } from "../api/items-admin";
import { TestShopButtons } from "./test-shop-buttons";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

/**
 * 'Items enregistrés': the created items, to edit, delete (confirmed) or put in today's shop for a test.
 * A row's outcome (delete, shop test) answers in a toast: the editor's message line is a screen above the list.
 */
export function SavedItems({
  editingId,
  onEdit,
  onDeleted,
}: {
  editingId: string | null;
  onEdit: (item: ShopItem) => void;
  onDeleted: (id: string) => void;
}) {
  const user = useSession()?.user;
  const items = useAllItems();
  const notify = useNotify();
  const remove = useCatalogueMutation(deleteItem);
  const created = (items.data ?? []).filter((i) => i.isDynamic);
  const onDone = (text: string) => notify.toast(text);
  const onFail = (text: string) => notify.toast(text, "error");

  async function onDelete(item: ShopItem) {
    const yes = await notify.confirm({
      title: "Supprimer cet item ?",
      message: `« ${item.name} » sera retiré du catalogue.`,
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      onDone((await remove.mutateAsync(item._id)).message);
      onDeleted(item._id);
    } catch (err) {
      // The server says why (owners, codes) in a full sentence; otherwise the generic text.
      onFail(err instanceof ApiError && err.serverMessage ? err.serverMessage : failureText(M.deleteFailed, err, " : "));
    }
  }

  return (
    <section aria-labelledby="saved-items-title">
      <h3 id="saved-items-title" className={panel.subTitle}>
        Items enregistrés
      </h3>
      {items.isPending && <p className={panel.loading}>Chargement des items…</p>}
      {items.isError && (
        <p className={panel.error} role="alert">
          {failureText("Impossible de charger les items", items.error, " : ")}
        </p>
      )}
      {items.data && created.length === 0 && <p className={panel.muted}>Aucun item créé pour le moment.</p>}
      {created.length > 0 && (
        <ul className={panel.list} aria-label="Items enregistrés">
          {created.map((item) => (
            <li
              key={item._id}
              className={[panel.listItem, styles.savedRow].join(" ")}
              data-editing={item._id === editingId || undefined}
              data-testid={`saved-item-${item.legacyId}`}
            >
              {user && <UserAvatar user={user} size={48} itemId={item.id} variant={0} surface="collection" />}
              <div className={panel.grow}>
                <strong>{item.name}</strong>
                <span className={panel.muted}>
                  ID {item.legacyId} · {item.price ?? 0} coins{item.variants.length > 1 ? ` · ${item.variants.length} styles` : ""}
                  {item.availableInDailyShop ? " · boutique quotidienne" : " · hors boutique"}
                  {item.creatorUsernames.length > 0 ? ` · par ${item.creatorUsernames.join(", ")}` : ""}
                </span>
              </div>
              <div className={panel.actions}>
                <Button size="small" onClick={() => onEdit(item)} aria-label={`Modifier ${item.name}`}>
                  Modifier
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  onClick={() => onDelete(item)}
                  disabled={remove.isPending}
                  aria-label={`Supprimer ${item.name}`}
                >
                  Supprimer
                </Button>
                <TestShopButtons legacyIdText={String(item.legacyId)} weekly name={item.name} onDone={onDone} onFail={onFail} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
