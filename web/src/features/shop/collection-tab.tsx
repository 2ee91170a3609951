import { useState } from "react";
import { CATALOGUE, DISCORD_ITEM_ID, JOJO_ITEM_ID } from "@planify/common/constants/catalogue";
import { DISCORD_VARIANTS, JOJO_VARIANTS } from "@planify/common/constants/border-colors";
import { Button } from "../../components/button";
import { useSession } from "../../lib/use-session";
import { useInventoryQuery } from "../../lib/economy/coins-api";
import { QueryError } from "../../components/query-state";
import { useNotify } from "../../components/notifications";
import { useItems, type ShopItem } from "../../lib/economy/items-api";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { PHONE_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { errorText } from "../../lib/api";
import { useDynamicVariant, useEquip, useSelectColor } from "./api/shop-api";
import { failureText } from "../../lib/failure-text";
import { startNavbarPreview, stopNavbarPreview, useNavbarPreview } from "../../lib/navbar-preview";
import { ColorPicker, type ColorPickerMode } from "./color-picker";
import { ItemCard, type ItemState } from "./item-card";
import { ItemInfoPopup, type ItemInfo } from "./item-info-popup";
import { StylePicker } from "./style-picker";
import { useFavoriteIds } from "./api/favorites-api";
import { FavoriteButton, HeartIcon } from "./favorite-button";
import styles from "./shop.module.css";
import favStyles from "./favorites.module.css";

interface Entry {
  id: number;
  name: string;
  price: number | null;
  variants: string[];
  info: ItemInfo;
}

const EQUIP_ERROR = "Erreur lors de l'équipement/déséquipement.";
const TEAM = "l'équipe Planify";

/** Every fixed item, then the items created by admins, with their variant names. */
function entries(items: ShopItem[] | undefined): Entry[] {
  const byId = new Map((items ?? []).map((i) => [i.id, i]));
  const fixed = CATALOGUE.map((c) => {
    const server = byId.get(c.id);
    const count = c.id === DISCORD_ITEM_ID ? DISCORD_VARIANTS : c.id === JOJO_ITEM_ID ? JOJO_VARIANTS : 0;
    const names = server?.variants?.map((v) => v.name ?? "") ?? [];
    return {
      id: c.id,
      name: c.name,
      price: c.price,
      variants: Array.from({ length: count }, (_, i) => names[i] || `Style ${i + 1}`),
      info: {
        name: c.name,
        description: server?.infoDescription ?? c.infoDescription,
        ...(server?.meta?.creatorUsernames?.length
          ? { creators: server.meta.creatorUsernames, creatorIds: server.meta.creatorIds }
          : { creators: [TEAM] }),
      },
    };
  });
  const fixedIds = new Set(CATALOGUE.map((c) => c.id));
  const created = (items ?? [])
    .filter((i) => !fixedIds.has(i.id) && i.type !== "border-color" && i.type !== "border-gradient")
    .map((i) => ({
      id: i.id,
      name: i.name,
      price: i.price ?? null,
      variants: (i.variants ?? []).map((v, n) => v.name || `Style ${n + 1}`),
      info: { name: i.name, description: i.infoDescription, creators: i.meta.creatorUsernames, creatorIds: i.meta.creatorIds },
    }));
  return [...fixed, ...created];
}

/** Collection: every item with its state; equip, unequip, styles and border colours. */
export function CollectionTab() {
  const notify = useNotify();
  const user = useSession()?.user;
  const { data: inventory, query: inventoryQuery } = useInventoryQuery(0);
  const { data: items } = useItems();
  const phone = useMediaQuery(PHONE_QUERY);
  const equip = useEquip();
  const color = useSelectColor();
  const dynamic = useDynamicVariant();
  const [info, setInfo] = useState<ItemInfo | null>(null);
  const [picker, setPicker] = useState<ColorPickerMode | null>(null);
  const [styleOf, setStyleOf] = useState<Entry | null>(null);
  const trying = useNavbarPreview();
  const favorites = useFavoriteIds();
  const [onlyFavorites, setOnlyFavorites] = useState(false);

  if (!inventory && inventoryQuery.isError) {
    return (
      <QueryError
        text="Impossible de charger ta collection."
        error={inventoryQuery.error}
        onRetry={inventoryQuery.refetch}
        retrying={inventoryQuery.isFetching}
      />
    );
  }
  if (!inventory || !user) return <p className={styles.empty}>Chargement de ta collection…</p>;

  const owned = new Set(inventory.purchasedItems.filter((p) => !p.colorId).map((p) => p.itemId));
  owned.add(0);
  const equippedId = inventory.equippedItemId ?? 0;
  const list = entries(items);
  const ownedCount = list.filter((e) => owned.has(e.id)).length;
  const shown = onlyFavorites ? list.filter((e) => favorites.has(e.id)) : list;

  const variantOf = (id: number) =>
    id === DISCORD_ITEM_ID
      ? inventory.discordVariantIndex
      : id === JOJO_ITEM_ID
        ? inventory.jojoVariantIndex
        : (inventory.dynamicItemVariants[String(id)] ?? 0);

  function toggle(e: Entry) {
    equip.mutate(
      { itemId: e.id, equipped: equippedId === e.id && e.id !== 0 },
      {
        onError: (err) => notify.toast(failureText(EQUIP_ERROR, err), "error"),
      },
    );
  }

  function tryOn(e: Entry) {
    startNavbarPreview(e.id, variantOf(e.id));
    notify.toast(`${e.name} s'affiche sur ton avatar pendant 90 secondes.`);
  }

  function pickColor(colorId: string, discord = inventory!.discordVariantIndex, jojo = inventory!.jojoVariantIndex) {
    color.mutate(
      { colorId, discordVariant: discord, jojoVariant: jojo },
      {
        onError: (err) => notify.toast(errorText(err, "Impossible de changer la bordure."), "error"),
      },
    );
  }

  function pickStyle(e: Entry, variant: number) {
    if (e.id === DISCORD_ITEM_ID) pickColor(inventory!.selectedBorderColor, variant, inventory!.jojoVariantIndex);
    else if (e.id === JOJO_ITEM_ID) pickColor(inventory!.selectedBorderColor, inventory!.discordVariantIndex, variant);
    else dynamic.mutate({ itemId: e.id, variantIndex: variant }, { onError: (err) => notify.toast(errorText(err, EQUIP_ERROR), "error") });
  }

  return (
    <>
      <div className={favStyles.toolbar}>
        <p className={styles.lead}>
          {ownedCount} item{ownedCount > 1 ? "s" : ""} sur {list.length} dans ta collection. Clique sur « Équiper » pour l'afficher sur ton
          avatar, et encore une fois pour le retirer.
        </p>
        <Button
          size="small"
          variant="secondary"
          className={favStyles.filter}
          aria-pressed={onlyFavorites}
          onClick={() => setOnlyFavorites((v) => !v)}
        >
          <HeartIcon filled={onlyFavorites} size={14} />
          Favoris seulement
        </Button>
      </div>
      {onlyFavorites && shown.length === 0 && (
        <p className={styles.empty}>Aucun favori pour l'instant : touche le cœur d'un item pour l'ajouter.</p>
      )}
      <ul className={styles.grid} aria-label="Collection">
        {shown.map((e) => {
          const state: ItemState = !owned.has(e.id) ? "locked" : equippedId === e.id ? "equipped" : "owned";
          const busy = equip.isPending && equip.variables?.itemId === e.id;
          return (
            <ItemCard
              key={e.id}
              name={e.name}
              state={state}
              price={e.price}
              onInfo={() => setInfo(e.info)}
              heart={<FavoriteButton itemId={e.id} name={e.name} favorite={favorites.has(e.id)} />}
              testId={`collection-item-${e.id}`}
              preview={<UserAvatar user={user} size={64} itemId={e.id} variant={variantOf(e.id)} surface="collection" mobile={phone} />}
            >
              {e.id === 0 ? (
                <>
                  {equippedId !== 0 && (
                    <Button size="small" onClick={() => toggle(e)} disabled={busy}>
                      Équiper
                    </Button>
                  )}
                  <Button size="small" variant="secondary" onClick={() => setPicker("color")}>
                    Couleurs
                  </Button>
                  <Button size="small" variant="secondary" onClick={() => setPicker("gradient")}>
                    Dégradés
                  </Button>
                </>
              ) : (
                <>
                  {state !== "locked" && (
                    <Button
                      size="small"
                      variant={state === "equipped" ? "secondary" : "primary"}
                      aria-pressed={state === "equipped"}
                      onClick={() => toggle(e)}
                      disabled={busy}
                    >
                      {state === "equipped" ? "Déséquiper" : "Équiper"}
                    </Button>
                  )}
                  {state !== "locked" && e.variants.length > 0 && (
                    <Button size="small" variant="secondary" onClick={() => setStyleOf(e)}>
                      Style
                    </Button>
                  )}
                  {state !== "equipped" &&
                    (trying?.itemId === e.id ? (
                      <Button size="small" variant="secondary" onClick={stopNavbarPreview} title="Ton avatar reprend son item équipé">
                        Arrêter l'essai
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => tryOn(e)}
                        title="Affiche l'item sur ton avatar de la barre du haut pendant 90 secondes"
                      >
                        Essayer
                      </Button>
                    ))}
                </>
              )}
            </ItemCard>
          );
        })}
      </ul>
      {info && <ItemInfoPopup info={info} onClose={() => setInfo(null)} />}
      {picker && <ColorPicker mode={picker} inventory={inventory} onPick={(id) => pickColor(id)} onClose={() => setPicker(null)} />}
      {styleOf && (
        <StylePicker
          itemId={styleOf.id}
          itemName={styleOf.name}
          variants={styleOf.variants}
          current={variantOf(styleOf.id)}
          onPick={(v) => pickStyle(styleOf, v)}
          onClose={() => setStyleOf(null)}
        />
      )}
    </>
  );
}
