import type { ReactNode } from "react";

/**
 * One avatar decoration, drawn in the avatar's coordinate space: the avatar is the circle of
 * centre (50, 50) and radius 50, and the drawing area reaches 30 units past it on every side.
 * `back` is painted under the avatar picture, `front` over it.
 */
export interface Decoration {
  back?: ReactNode;
  front?: ReactNode;
}

/** Draws a decoration; `uid` keeps gradient ids unique when many avatars share a page. */
export type DecorationArt = (variant: number, uid: string) => Decoration;
