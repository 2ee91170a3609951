import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { catalogueItem } from "@planify/common/constants/catalogue";
import type { ShopEntry } from "@planify/common/schemas/economy";
import { Button } from "../../components/button";
import { useSession } from "../../lib/use-session";
import { COINS_KEYS, idempotencyKey } from "../../lib/economy/coins-api";
import { formatHms, msUntil } from "../../lib/time-format";
import { useNotify } from "../../components/notifications";
import { useNow } from "../../lib/use-now";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { useItems } from "../../lib/economy/items-api";
import { usePurchase, useWeeklyItems } from "./api/shop-api";
import { useFavoriteIds } from "./api/favorites-api";
import { FavoriteButton } from "./favorite-button";
import { FavoritesNotice } from "./favorites-notice";
import { failureText } from "../../lib/failure-text";
import { ItemCard } from "./item-card";
import { ItemInfoPopup, type ItemInfo } from "./item-info-popup";
import type { Bought } from "./purchase-toast";
import styles from "./shop.module.css";

/**
 * Boutique quotidienne: today's items and border colours, with the countdown to the next
 * rotation. A purchase is handed to `onBought` (the shop's toast, with « Annuler »).
 */
export function DailyShopTab({ balance, onBought }: { balance: number | null; onBought: (bought: Bought) => void }) {
  const notify = useNotify();
  const user = useSession()?.user;
  const client = useQueryClient();
  const { data, isError, isLoading } = useWeeklyItems();
  const purchase = usePurchase();
  const { data: catalogue } = useItems();
  const favorites = useFavoriteIds();
  const now = useNow(1000);
  const [info, setInfo] = useState<ItemInfo | null>(null);
  const left = data ? msUntil(data.nextReset, now) : null;

  // At zero the rotation has happened: load the new shop (once per reset time).
  const expired = left === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reset time re-arms the reload.
  useEffect(() => {
    if (expired) void client.invalidateQueries({ queryKey: COINS_KEYS.weekly });
  }, [expired, client, data?.nextReset]);

  if (isLoading || !user) return <p className={styles.empty}>Chargement de la boutique…</p>;
  if (isError || !data) return <p className={styles.empty}>La boutique du jour est indisponible pour le moment.</p>;

  const items = data.weeklyItems.filter((e) => e.kind === "item");
  const colors = data.weeklyItems.filter((e) => e.kind === "color");

  function buy(entry: ShopEntry) {
    purchase.mutate(entry, {
      onSuccess: () => onBought({ entry, key: idempotencyKey() }),
      onError: (err) => notify.toast(failureText("Erreur lors de l'achat.", err), "error"),
    });
  }

  const card = (e: ShopEntry) => {
    // An unknown balance (the call failed) blocks nothing: the server judges the purchase.
    const short = balance !== null && balance < e.price;
    const pending = purchase.isPending && purchase.variables?.id === e.id && purchase.variables.kind === e.kind;
    const fixed = e.kind === "item" ? catalogueItem(e.legacyId) : undefined;
    // An item made in the item creator has its own description and credited creators.
    const created = e.kind === "item" && !fixed ? catalogue?.find((i) => i.legacyId === e.legacyId) : undefined;
    const creators = created?.creatorUsernames.length ? created.creatorUsernames : ["l'équipe Planify"];
    return (
      <ItemCard
        key={`${e.kind}-${e.id}`}
        name={e.name}
        price={e.owned ? undefined : e.price}
        basePrice={e.basePrice}
        state={e.owned ? "owned" : undefined}
        testId={`shop-${e.kind}-${e.id}`}
        featured={favorites.has(e.id)}
        heart={<FavoriteButton itemId={e.id} name={e.name} favorite={favorites.has(e.id)} />}
        onInfo={
          e.kind === "item"
            ? () => setInfo({ name: e.name, description: fixed?.infoDescription ?? created?.infoDescription, creators })
            : undefined
        }
        preview={
          e.kind === "item" ? (
            <UserAvatar user={user} size={64} itemId={e.legacyId} variant={0} surface="collection" />
          ) : (
            <UserAvatar user={user} size={64} itemId={null} borderColorId={e.colorId ?? undefined} />
          )
        }
      >
        {!e.owned && (
          <Button
            size="small"
            onClick={() => buy(e)}
            disabled={short || purchase.isPending}
            title={short ? "Pas assez de coins" : undefined}
          >
            {pending ? "Achat…" : short ? "Pas assez de coins" : "Acheter"}
          </Button>
        )}
      </ItemCard>
    );
  };

  return (
    <>
      <div className={styles.rotation}>
        <span>Prochaine rotation dans</span>
        <strong className={styles.countdown} aria-live="off" data-testid="shop-countdown">
          {formatHms(left ?? 0)}
        </strong>
      </div>
      <FavoritesNotice count={data.weeklyItems.filter((e) => favorites.has(e.id)).length} />
      <section aria-labelledby="daily-items-title">
        <h3 id="daily-items-title" className={styles.sectionTitle}>
          Items Spéciaux
        </h3>
        {items.length ? <ul className={styles.grid}>{items.map(card)}</ul> : <p className={styles.empty}>Aucun item aujourd'hui.</p>}
      </section>
      <section aria-labelledby="daily-colors-title">
        <h3 id="daily-colors-title" className={styles.sectionTitle}>
          Variantes de Bordures Classiques
        </h3>
        {colors.length ? <ul className={styles.grid}>{colors.map(card)}</ul> : <p className={styles.empty}>Aucune bordure aujourd'hui.</p>}
      </section>
      {info && <ItemInfoPopup info={info} onClose={() => setInfo(null)} />}
    </>
  );
}
