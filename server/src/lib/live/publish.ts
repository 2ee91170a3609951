import type { LiveEventData, LiveKind } from "@planify/common/schemas/live";
import { engineOf } from "../../db/engine";
import type { DbOrTx } from "../../db/types";
import type { Audience } from "./audience";
import { live } from "./registry";

/**
 * Records a live event in the transaction of the change it announces (`tx`), so it exists
 * exactly when the change committed. Open streams hear it after the commit: on PostgreSQL
 * every node by NOTIFY, on SQLite this process once the transaction has settled.
 */
export async function publishLive(tx: DbOrTx, at: number, kind: LiveKind, audience: Audience, data: LiveEventData = {}): Promise<void> {
  const engine = engineOf(tx);
  await engine.raw.run("INSERT INTO live_events (at, audience, kind, data) VALUES (?1, ?2, ?3, ?4)", [
    at,
    JSON.stringify(audience),
    kind,
    JSON.stringify(data),
  ]);
  live.get(engine)?.source.wake();
}

/** A coin-ledger row was written in `tx`: the node looks for it once the transaction has settled (SQLite; PostgreSQL hears it by NOTIFY). */
export function ledgerWritten(tx: DbOrTx): void {
  live.get(engineOf(tx))?.source.wake();
}

/** A user's public profile changed (note, avatar, music, equipped item, border): whoever has it open sees it. */
export async function announceProfile(db: DbOrTx, at: number, userId: string): Promise<void> {
  await publishLive(db, at, "profile", { all: true }, { userId });
}
