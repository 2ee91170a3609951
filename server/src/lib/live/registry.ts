import type { Engine } from "../../db/engine";
import type { LiveHub } from "./hub";
import type { LiveSource } from "./source";

/** The live hub and source of each engine (one per process in production; one per test app). */
export const live = new WeakMap<Engine, { hub: LiveHub; source: LiveSource }>();
