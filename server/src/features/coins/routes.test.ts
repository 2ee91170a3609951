import { describe } from "vitest";
import { appPerFile, everyActor, scenarioTests, type Actors, type Scenario } from "../../../test/helpers";

// Scenario table of every economy route for a guest and every role: who may call it, and
// what a refused caller gets. Behaviour in detail lives in the other economy tests.
const app = appPerFile();
const env = () => app;

const SIGNED_IN = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const ADMIN_ONLY = (adminStatus: number) => ({ guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: adminStatus });
const PUBLIC = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const REFUSED = { 401: { success: false, code: "UNAUTHORIZED" }, 403: { success: false, code: "FORBIDDEN", message: "Accès refusé." } };

const rows: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/items" }, PUBLIC, "catalogue 0–28", { 200: { success: true } }),
  ...everyActor({ method: "GET", url: "/api/border-colors" }, PUBLIC, "border colours", { 200: { success: true } }),
  ...everyActor({ method: "GET", url: "/api/coins/user-coins" }, SIGNED_IN, "balance", { ...REFUSED, 200: { success: true } }),
  ...everyActor({ method: "GET", url: "/api/coins/spin-status" }, SIGNED_IN, "wheel status", {
    ...REFUSED,
    200: { success: true, canSpin: true },
  }),
  ...everyActor({ method: "GET", url: "/api/coins/inventory" }, SIGNED_IN, "collection", { ...REFUSED, 200: { success: true } }),
  ...everyActor({ method: "GET", url: "/api/coins/weekly-items" }, SIGNED_IN, "daily shop", { ...REFUSED, 200: { success: true } }),
  ...everyActor(
    { method: "POST", url: "/api/coins/purchase", body: { itemId: 25 } },
    { ...SIGNED_IN, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
    "reward items are not sold",
    REFUSED,
  ),
  ...everyActor(
    { method: "POST", url: "/api/coins/refund", body: { itemId: 7 } },
    { ...SIGNED_IN, eleve: 409, etudiant: 409, delegue: 409, prof: 409, admin: 409 },
    "nothing bought to cancel",
    { ...REFUSED, 409: { code: "REFUND_UNAVAILABLE", message: "Aucun achat de cet item à annuler." } },
  ),
  ...everyActor({ method: "POST", url: "/api/coins/equip", body: { itemId: 0 } }, SIGNED_IN, "item 0 is always owned", REFUSED),
  ...everyActor({ method: "POST", url: "/api/coins/unequip" }, SIGNED_IN, "unequip", REFUSED),
  ...everyActor(
    { method: "POST", url: "/api/coins/border-color", body: { colorId: "default|dv=0|jv=0" } },
    SIGNED_IN,
    "free default colour",
    REFUSED,
  ),
  // Before the spin row: a spin that lands on Perdu would make the streak 2 here.
  ...everyActor({ method: "POST", url: "/api/coins/test-force-loss" }, ADMIN_ONLY(200), "admin test: force a loss", {
    ...REFUSED,
    200: { lossStreak: 1 },
  }),
  ...everyActor({ method: "POST", url: "/api/coins/spin-wheel" }, SIGNED_IN, "one spin", REFUSED),
  ...everyActor({ method: "GET", url: "/api/users/dynamic-item-variants" }, SIGNED_IN, "variants", {
    ...REFUSED,
    200: { success: true, variants: {} },
  }),
  ...everyActor(
    { method: "POST", url: "/api/users/dynamic-item-variants", body: { itemId: 23, variantIndex: 1 } },
    SIGNED_IN,
    "set a variant",
    REFUSED,
  ),
  ...everyActor(
    { method: "GET", url: "/api/users/ack-gift/26" },
    { ...SIGNED_IN, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "no such gift",
    { ...REFUSED, 404: { message: "Item non trouvé" } },
  ),
  ...everyActor(
    { method: "POST", url: "/api/users/ack-gift/26" },
    { ...SIGNED_IN, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "no such gift",
    REFUSED,
  ),
  ...everyActor(
    { method: "POST", url: "/api/redeem-codes/redeem", body: { code: "ZZZZ2222" } },
    { ...SIGNED_IN, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "unknown code",
    { ...REFUSED, 404: { message: "Code invalide." } },
  ),
  ...everyActor({ method: "POST", url: "/api/coins/weekly-items/reroll" }, ADMIN_ONLY(200), "re-roll", REFUSED),
  ...everyActor({ method: "POST", url: "/api/coins/weekly-items/test-add", body: { legacyId: 7 } }, ADMIN_ONLY(200), "test-add", REFUSED),
  ...everyActor(
    { method: "POST", url: "/api/coins/weekly-items/test-remove", body: { legacyId: 7 } },
    ADMIN_ONLY(200),
    "test-remove",
    REFUSED,
  ),
  ...everyActor(
    { method: "POST", url: "/api/redeem-codes/generate", body: { rewardType: "item", itemId: 3 } },
    ADMIN_ONLY(201),
    "generate",
    REFUSED,
  ),
  ...everyActor({ method: "GET", url: "/api/redeem-codes/" }, ADMIN_ONLY(200), "list codes", REFUSED),
  ...everyActor({ method: "DELETE", url: "/api/redeem-codes/nope" }, ADMIN_ONLY(404), "delete a code", REFUSED),
  ...everyActor(
    { method: "POST", url: (a) => `/api/users/${a.eleve.id}/give-item`, body: { itemId: 26, adminMessage: "Bravo" } },
    ADMIN_ONLY(201),
    "gift",
    REFUSED,
  ),
  ...everyActor(
    { method: "POST", url: (a) => `/api/users/${a.delegue.id}/remove-item`, body: { itemId: 9 } },
    ADMIN_ONLY(404),
    "remove a missing item",
    REFUSED,
  ),
  ...everyActor(
    { method: "POST", url: "/api/users-admin", body: (a: Actors) => ({ action: "update-coins", userId: a.eleve.id, coins: 10 }) },
    ADMIN_ONLY(200),
    "set coins",
    REFUSED,
  ),
];

describe("economy routes by role", () => {
  scenarioTests(rows, env);
});
