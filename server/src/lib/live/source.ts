import type { LiveHub, StoredEvent } from "./hub";

/** How often a node that hears no notification (SQLite, or PostgreSQL refusing LISTEN) looks for events of other processes. */
export const LIVE_POLL_MS = 1000;
/** Events read at once. */
const PAGE = 500;
/** On PostgreSQL, ids are taken before commits, which may land out of order: a catch-up looks this far back (deduplicated by id). */
const CATCH_UP_WINDOW_MS = 5000;

const EVENT_COLUMNS = "id, at, audience, kind, data";

interface LedgerRow {
  id: number;
  userId: string;
  boards: number;
}

const numeric = (row: StoredEvent): StoredEvent => ({ ...row, id: Number(row.id), at: Number(row.at) });

/**
 * Where a node's live events come from, and when it looks.
 * - SQLite, and PostgreSQL when LISTEN is refused: after a local write (`wake`, called once the
 *   writing transaction has settled: reads wait behind it) and every LIVE_POLL_MS while streams are
 *   open (events of another process: a takeover). New live_events rows, and coin-ledger rows for
 *   the coin events (the ledger is written anyway: no event row per coin change).
 * - PostgreSQL: each node hears every event on channel planify_live at commit (drizzle-pg/0006)
 *   and every balance change as `users#<id>` on planify_writes (drizzle-pg/0004).
 */
export class LiveSource {
  private lastLedgerId = 0;
  private wakeUp: (() => void) | null = null;
  private wanted = false;
  private behind = false;
  private stopped = false;
  private poll: ReturnType<typeof setInterval> | null = null;
  private subscriptions: { unlisten(): Promise<void> }[] = [];
  /** The newest event time heard or read (a re-read after a lost LISTEN, or without LISTEN, starts a few seconds before it). */
  private lastAt = 0;

  constructor(private readonly hub: LiveHub) {}

  private get raw() {
    return this.hub.engine.raw;
  }

  /** Starts listening or polling; a database that does not answer yet is tried again every few seconds. */
  async start(): Promise<void> {
    for (let wait = 1000; !this.stopped; wait = Math.min(wait * 2, 30_000)) {
      try {
        await this.begin();
        return;
      } catch (error) {
        this.hub.log("error", "live: the event source did not start, trying again", { error: String(error) });
        await Bun.sleep(wait);
      }
    }
  }

  private async begin(): Promise<void> {
    await this.markLast(false);
    // Events older than this start are not sent again by a re-read.
    this.lastAt = Date.now();
    if (this.stopped) return;
    if (this.hub.engine.kind === "postgres" && (await this.listen())) {
      // Stopped while subscribing: let go of what was just taken.
      if (this.stopped) await this.unlistenAll();
      return;
    }
    if (this.stopped) return;
    this.poll = setInterval(() => {
      if (this.hub.openStreams > 0) this.wake();
    }, LIVE_POLL_MS);
    this.poll.unref?.();
    void this.pump();
  }

  /** PostgreSQL: hears events and balance changes on commit; false when LISTEN is refused. */
  private async listen(): Promise<boolean> {
    const engine = this.hub.engine;
    let heard = 0;
    const events = await engine.listen(
      "planify_live",
      (payload) => void this.heard(payload),
      () => {
        // Listening again after a lost connection: read what was sent meanwhile.
        if (heard++ > 0) void this.catchUp();
      },
    );
    if (!events) return false;
    this.subscriptions.push(events);
    const balances = await engine.listen("planify_writes", (payload) => {
      if (payload.startsWith("users#")) this.coins(payload.slice("users#".length), true);
    });
    if (balances) this.subscriptions.push(balances);
    return true;
  }

  private async heard(payload: string): Promise<void> {
    try {
      const event = JSON.parse(payload) as Partial<StoredEvent> & { id: number };
      if (event.audience !== undefined) {
        this.deliverAll([event as StoredEvent]);
        return;
      }
      // Too large for a notification: the row itself.
      const row = await this.raw.get<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE id = ?1`, [event.id]);
      if (row) this.deliverAll([row]);
    } catch (error) {
      this.hub.log("error", "live: unreadable notification", { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** After a lost LISTEN connection: events of the last moments again (sent once each), and every balance may have moved. */
  private async catchUp(): Promise<void> {
    try {
      this.deliverAll(
        await this.raw.all<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE at >= ?1 ORDER BY id`, [
          this.lastAt - CATCH_UP_WINDOW_MS,
        ]),
      );
      this.hub.toEveryone("coins");
      this.hub.boardsMoved();
    } catch (error) {
      this.hub.log("error", "live: catch-up failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private coins(userId: string, boards: boolean): void {
    this.hub.toUser(userId, "coins");
    if (boards) this.hub.boardsMoved();
  }

  /** Something may have been written: read it once the writing transaction has settled. */
  wake(): void {
    if (this.hub.openStreams === 0) {
      // Nobody to tell: no read per write. The first stream to open catches the ids up (`ready`).
      this.behind = true;
      return;
    }
    this.wanted = true;
    this.wakeUp?.();
  }

  /** Before a stream joins: the last ids again if writes went unread while no stream was open. */
  async ready(): Promise<void> {
    if (!this.behind) return;
    this.behind = false;
    await this.hub.engine.serial(() => 0);
    await this.markLast(true);
  }

  /**
   * The newest ids, where reading starts. `ifIdle`: only while no stream is open once read (a
   * stream that joined meanwhile must get every row after the ids the pump has read: the pump
   * sends them, one extra read at most).
   */
  private async markLast(ifIdle: boolean): Promise<void> {
    const last = await this.raw.get<{ events: number | null; ledger: number | null }>(
      "SELECT (SELECT max(id) FROM live_events) AS events, (SELECT max(id) FROM coin_ledger) AS ledger",
    );
    if (ifIdle && this.hub.openStreams > 0) return;
    this.hub.lastId = Math.max(this.hub.lastId, Number(last?.events ?? 0));
    this.lastLedgerId = Math.max(this.lastLedgerId, Number(last?.ledger ?? 0));
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      if (!this.wanted) await new Promise<void>((resolve) => (this.wakeUp = resolve));
      this.wakeUp = null;
      this.wanted = false;
      if (this.stopped) return;
      try {
        // On SQLite this waits behind a transaction still open in another request.
        await this.hub.engine.serial(() => 0);
        await this.readEvents();
        await this.readLedger();
      } catch (error) {
        this.hub.log("error", "live: reading new events failed", { error: error instanceof Error ? error.message : String(error) });
        await Bun.sleep(LIVE_POLL_MS);
      }
    }
  }

  /**
   * New events by id. On PostgreSQL (a node refused LISTEN) ids are taken before commit, so a
   * lower id may commit after a higher one was read: the last CATCH_UP_WINDOW_MS are read again
   * (the hub sends each id once).
   */
  private async readEvents(): Promise<void> {
    if (this.hub.engine.kind === "postgres") {
      const again = await this.raw.all<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE at >= ?1 AND id <= ?2 ORDER BY id`, [
        this.lastAt - CATCH_UP_WINDOW_MS,
        this.hub.lastId,
      ]);
      this.deliverAll(again);
    }
    for (let after = this.hub.lastId; ; ) {
      const rows = await this.raw.all<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE id > ?1 ORDER BY id LIMIT ${PAGE}`, [
        after,
      ]);
      this.deliverAll(rows);
      if (rows.length < PAGE) return;
      after = Number(rows[rows.length - 1]!.id);
    }
  }

  private deliverAll(rows: StoredEvent[]): void {
    for (const row of rows.map(numeric)) {
      this.lastAt = Math.max(this.lastAt, row.at);
      this.hub.deliver(row);
    }
  }

  private async readLedger(): Promise<void> {
    for (;;) {
      const rows = await this.raw.all<LedgerRow>(
        `SELECT id, user_id AS "userId", CASE WHEN leaderboard_delta <> 0 OR faction_delta <> 0 THEN 1 ELSE 0 END AS boards
         FROM coin_ledger WHERE id > ?1 ORDER BY id LIMIT ${PAGE}`,
        [this.lastLedgerId],
      );
      const users = new Map<string, boolean>();
      for (const row of rows) {
        this.lastLedgerId = Math.max(this.lastLedgerId, Number(row.id));
        users.set(row.userId, (users.get(row.userId) ?? false) || Number(row.boards) === 1);
      }
      for (const [userId, boards] of users) this.coins(userId, boards);
      if (rows.length < PAGE) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    if (this.poll) clearInterval(this.poll);
    await this.unlistenAll();
  }

  private async unlistenAll(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    // Stopping anyway: the listening connection closes with the client.
    await Promise.all(
      subscriptions.map((s) =>
        s.unlisten().catch((error: unknown) => this.hub.log("warn", "live: unlisten failed", { error: String(error) })),
      ),
    );
  }
}
