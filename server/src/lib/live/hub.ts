import {
  LIVE_BOARD_COALESCE_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_STREAMS_PER_USER,
  type LiveEventData,
  type LiveKind,
} from "@planify/common/schemas/live";
import type { Engine } from "../../db/engine";
import { hears, type Audience, type Listener } from "./audience";
import { sseMark, sseMessage } from "./sse";
import { LiveStream } from "./stream";

/** A live_events row as the sources hand it over (audience and data still JSON text). */
export interface StoredEvent {
  id: number;
  at: number;
  audience: string;
  kind: string;
  data: string;
}

export type LiveLog = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void;

/** Event ids already sent, so an event heard twice (a catch-up after a notification) goes out once. */
const RECENT_IDS = 4096;

/**
 * The open event streams of this node and what reaches them: stored events (from the node's
 * source, ./source.ts), coin changes (derived from the ledger) and the coalesced leaderboard
 * event. The hub never reads a request's transaction: sources read committed rows only.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, LiveStream[]>();
  private readonly recent = new Set<number>();
  /** The highest event id heard: what a stream resumes from when it saw nothing stored yet. */
  lastId = 0;
  private boardsSentAt = 0;
  private boardsTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private refusing = false;

  constructor(
    readonly engine: Engine,
    readonly log: LiveLog,
  ) {}

  get openStreams(): number {
    return this.streams.size;
  }

  /** True once the node is stopping: streams are closed and new ones refused (they reconnect elsewhere). */
  get stopping(): boolean {
    return this.refusing;
  }

  /** Opens a stream for this listener; the user's oldest is closed past LIVE_STREAMS_PER_USER. */
  open(who: Listener, recheck?: () => Promise<Listener | null>): LiveStream {
    const stream = new LiveStream(who, (s) => this.forget(s), recheck);
    if (this.refusing) {
      // Asked after the node began stopping: ends at once (the client resumes elsewhere).
      stream.close();
      return stream;
    }
    const mine = this.byUser.get(who.userId) ?? [];
    while (mine.length >= LIVE_STREAMS_PER_USER) mine.shift()!.close();
    mine.push(stream);
    this.byUser.set(who.userId, mine);
    this.streams.add(stream);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), LIVE_HEARTBEAT_MS);
      this.heartbeat.unref?.();
    }
    return stream;
  }

  /**
   * Every LIVE_HEARTBEAT_MS: the current id (keeps proxies from closing an idle stream, and moves
   * a quiet client's resume point, so a drop after a quiet hour still resumes), and each owner
   * read again: a session ended any way (password reset, ENT logout, expiry, erasure) closes its
   * stream; a class or role changed (the rollover) is heard from now on.
   */
  async beat(): Promise<void> {
    const mark = sseMark(this.lastId);
    for (const stream of [...this.streams]) {
      stream.send(mark);
      const who = await stream.recheck().catch((error: unknown) => {
        // A database that does not answer now: keep the stream, look again at the next beat.
        this.log("warn", "live: recheck failed", { error: String(error) });
        return stream.who;
      });
      if (!who) stream.close();
      else stream.who = who;
    }
  }

  private forget(stream: LiveStream): void {
    this.streams.delete(stream);
    const mine = this.byUser.get(stream.who.userId);
    if (mine) {
      const rest = mine.filter((s) => s !== stream);
      if (rest.length > 0) this.byUser.set(stream.who.userId, rest);
      else this.byUser.delete(stream.who.userId);
    }
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** Sends a stored event to every stream whose owner hears it (once, however often it is heard). */
  deliver(event: StoredEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    if (this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    if (this.streams.size === 0) return;
    let audience: Audience;
    try {
      audience = JSON.parse(event.audience) as Audience;
    } catch {
      this.log("error", "live: unreadable audience", { id: event.id });
      return;
    }
    const bytes = sseMessage(event.id, event.kind as LiveKind, event.data);
    for (const stream of this.candidates(audience)) if (hears(audience, stream.who)) stream.send(bytes);
    if (event.kind === "session-revoked") {
      // The revoked session's streams end here: its token no longer opens anything.
      for (const stream of [...this.streams])
        if (stream.who.sessionId !== null && audience.sessions?.includes(stream.who.sessionId)) stream.close();
    }
  }

  /** Only the named users' streams when the audience is nobody but them; else every stream. */
  private candidates(audience: Audience): Iterable<LiveStream> {
    if (audience.all || audience.staff || audience.classes || audience.sessions) return this.streams;
    return (audience.users ?? []).flatMap((id) => this.byUser.get(id) ?? []);
  }

  /** An event of one user not stored as such (coins, from the ledger): sent to their streams now. */
  toUser(userId: string, kind: LiveKind, data: LiveEventData = {}): void {
    const mine = this.byUser.get(userId);
    if (!mine) return;
    const bytes = sseMessage(this.lastId, kind, data);
    for (const stream of mine) stream.send(bytes);
  }

  /** An event for every stream not stored as such (the coalesced leaderboard, a catch-up after a lost connection). */
  toEveryone(kind: LiveKind, data: LiveEventData = {}): void {
    const bytes = sseMessage(this.lastId, kind, data);
    for (const stream of this.streams) stream.send(bytes);
  }

  /** Balances moved: leaderboards and faction totals are announced at most every LIVE_BOARD_COALESCE_MS. */
  boardsMoved(): void {
    if (this.boardsTimer) return;
    const wait = Math.max(0, this.boardsSentAt + LIVE_BOARD_COALESCE_MS - Date.now());
    this.boardsTimer = setTimeout(() => {
      this.boardsTimer = null;
      this.boardsSentAt = Date.now();
      this.toEveryone("leaderboard");
    }, wait);
    this.boardsTimer.unref?.();
  }

  /** The node is stopping: every stream ends (its client resumes on another node) and new ones are refused. */
  stop(): void {
    this.refusing = true;
    for (const stream of [...this.streams]) stream.close();
    if (this.boardsTimer) clearTimeout(this.boardsTimer);
    this.boardsTimer = null;
  }
}
