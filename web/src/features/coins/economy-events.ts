/** Window events other parts of the app dispatch to open the economy overlays. */
export const OPEN_REDEEM_CODE_EVENT = "planify:open-redeem-code";
export const OPEN_SHOP_EVENT = "planify:open-shop";
export const OPEN_WHEEL_EVENT = "planify:open-wheel";
/** detail: { items: { itemId, itemName, adminMessage? }[] } — shows the received-item popup. */
export const OPEN_ITEM_RECEIVED_EVENT = "planify:open-item-received";
