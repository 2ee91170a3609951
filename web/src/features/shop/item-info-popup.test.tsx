import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { OPEN_PROFILE_EVENT } from "../../lib/app-events";
import { byText, cleanup, mount } from "../../lib/social/test-fixtures";
import { ItemInfoPopup } from "./item-info-popup";

afterEach(cleanup);

describe("the item-info popup's creators", () => {
  it("opens a creator's profile, and says 'ID créateur manquant.' for a creator without an id", async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(OPEN_PROFILE_EVENT, listener);
    await mount(
      <ItemInfoPopup info={{ name: "Fusée", creators: ["lea.martin", "ancien.compte"], creatorIds: ["u7"] }} onClose={() => undefined} />,
    );
    await act(async () => byText("lea.martin")!.click());
    expect(seen).toEqual([{ userId: "u7" }]);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    await act(async () => byText("ancien.compte")!.click());
    window.removeEventListener(OPEN_PROFILE_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("ID créateur manquant.");
  });

  it("names the team as plain text", async () => {
    await mount(<ItemInfoPopup info={{ name: "Cash", creators: ["l'équipe Planify"] }} onClose={() => undefined} />);
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain("Créé par l'équipe Planify");
    expect(byText("l'équipe Planify")).toBeUndefined();
  });
});
