import { createContext, useContext } from "react";

/**
 * True while the build prerenders a signed-in browser's frame of a page (web/src/prerender.tsx):
 * there is no session then, and the parts that would show one (top bar, homework list) draw
 * a member's layout with no one's data in it: the room of the coins and account widgets, the
 * list's blank frame. Always false in the browser.
 */
const MemberFrameContext = createContext(false);

export const MemberFrameProvider = MemberFrameContext.Provider;

export function useMemberFrame(): boolean {
  return useContext(MemberFrameContext);
}
