import type { DecorationArt } from "./types";
import { angel, catEars, gentleman, kingCrown, tombRaider } from "./head";
import { clown, pixelGlasses } from "./face";
import { coeur, galaxie, planify, prestige, roses, royalFrame, space, stars, target, vinyl } from "./frame";
import { absoluteCinema, advisory, cash, discord, dvd, flash, jojo, matrix, miaou, oldPhone } from "./overlays";

/** The drawing of every fixed catalogue item (ids 1–28, 5 absent; 0 is the bare border). */
export const DECORATIONS: Readonly<Record<number, DecorationArt>> = {
  1: catEars,
  2: clown,
  3: cash,
  4: target,
  6: kingCrown,
  7: matrix,
  8: angel,
  9: tombRaider,
  10: stars,
  11: royalFrame,
  12: roses,
  13: gentleman,
  14: vinyl,
  15: advisory,
  16: space,
  17: absoluteCinema,
  18: flash,
  19: miaou,
  20: dvd,
  21: pixelGlasses,
  22: oldPhone,
  23: discord,
  24: jojo,
  25: galaxie,
  26: coeur,
  27: prestige,
  28: planify,
};
