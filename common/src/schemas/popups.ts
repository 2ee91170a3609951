import { Type, type Static } from "@sinclair/typebox";
import { ok } from "./shared";
import { POPUP_HTML_MAX } from "../constants/limits";

export const SendPopupBody = Type.Object({
  target: Type.Union([Type.Literal("all"), Type.Literal("user")]),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  html: Type.String({ maxLength: POPUP_HTML_MAX }),
});
export type SendPopupBody = Static<typeof SendPopupBody>;

/** The oldest unread pop-up of GET /popups/for-me (204 when none). */
export const PopupForMe = Type.Object({ id: Type.String(), html: Type.String() });
export type PopupForMe = Static<typeof PopupForMe>;
export const PopupSentResponse = ok({ message: Type.String(), popup: PopupForMe });
export type PopupSentResponse = Static<typeof PopupSentResponse>;
