import { Type, type Static } from "@sinclair/typebox";
import { POPUP_HTML_MAX } from "../constants/limits";

export const SendPopupBody = Type.Object({
  target: Type.Union([Type.Literal("all"), Type.Literal("user")]),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  html: Type.String({ maxLength: POPUP_HTML_MAX }),
});
export type SendPopupBody = Static<typeof SendPopupBody>;

export interface PopupForMe {
  id: string;
  html: string;
}
