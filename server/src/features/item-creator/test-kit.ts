// Test support for the item creator tests (imported by *.test.ts only).
import type { ItemInput } from "@planify/common/schemas/item-creator";
import type { TestContext } from "../../../test/helpers";
import { png } from "../profiles/test-fixtures";

/** A multipart body with files under the `files` field. */
export function filesForm(...files: [bytes: Uint8Array, name: string][]): FormData {
  const body = new FormData();
  for (const [bytes, name] of files) body.append("files", new File([bytes], name));
  return body;
}

/** Uploads one PNG as `adminToken` and returns its URL (what a layer's src takes). */
export async function uploadedPng(ctx: TestContext, adminToken: string): Promise<string> {
  const res = await ctx.request("POST", "/api/items/upload", { token: adminToken, body: filesForm([png(), "calque.png"]) });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { files: { url: string }[] }).files[0]!.url;
}

/** A created item with one layer, two style variants (the second text only) and backgrounds. */
export function itemBody(src: string, overrides: Partial<ItemInput> = {}): ItemInput {
  return {
    legacyId: 500,
    name: "Couronne de lauriers",
    price: 120,
    type: "generic",
    availableInDailyShop: true,
    assets: [
      {
        src,
        style: { top: 0, left: 0, width: 100, rotate: 0, objectFit: "contain", zIndex: 1 },
        navbarStyle: { top: -10, left: -5, width: 110, rotate: 12, objectFit: "cover", zIndex: 3 },
        meta: { navbarPlacement: "above", navbarTarget: "user-account-wrapper", leaderboardPlacement: "inside" },
      },
    ],
    backgrounds: { collection: "linear-gradient(135deg, #ff0000, #0000ff)", navbar: "#112233", leaderboard: null },
    variants: [
      { name: "Style", assets: [{ src }], backgrounds: {}, textOnly: false },
      { name: "Variante 1", assets: [], backgrounds: { avatar: "#ffaa00" }, textOnly: true, textContent: "GG", removeNavbarBorder: true },
    ],
    credits: "",
    borderOpacity: 0.5,
    backgroundOpacity: 80,
    ...overrides,
  };
}
