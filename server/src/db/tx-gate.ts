import { AsyncLocalStorage } from "node:async_hooks";

/**
 * SQLite's one connection, shared by every request, with transactions that now await: while
 * one is open, the statements of other requests wait at this gate until it commits or rolls
 * back, so nothing of theirs lands in it (a rollback would take their write with it) and they
 * never read what it has not committed. Transactions run one at a time, in arrival order, as
 * they did when they were synchronous: every invariant resting on that holds as before.
 *
 * The async context (AsyncLocalStorage) tells the transaction's own statements from the others'.
 */
export class TxGate {
  private readonly scope = new AsyncLocalStorage<symbol>();
  private holder: symbol | null = null;
  private readonly waiting: Array<{ tx: boolean; wake: () => void }> = [];

  /** True when a transaction other than the caller's is open: the caller must wait. */
  blocks(): boolean {
    return this.holder !== null && this.scope.getStore() !== this.holder;
  }

  /** True when the caller runs inside the open transaction. */
  inside(): boolean {
    return this.holder !== null && this.scope.getStore() === this.holder;
  }

  /** Runs `statement` once no other transaction is open (at once when none is). */
  after<T>(statement: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        tx: false,
        wake: () => {
          try {
            resolve(statement());
          } catch (error) {
            reject(error);
          }
        },
      });
    });
  }

  /** Runs `body` as the one open transaction, after those before it; `begin`/`end` frame it. */
  async run<T>(body: () => Promise<T>): Promise<T> {
    if (this.holder !== null) await new Promise<void>((wake) => this.waiting.push({ tx: true, wake }));
    const token = Symbol("tx");
    this.holder = token;
    try {
      return await this.scope.run(token, body);
    } finally {
      this.holder = null;
      this.release();
    }
  }

  /** Lets the waiting statements run, in order, up to the next waiting transaction (which then holds the gate). */
  private release(): void {
    while (this.holder === null && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.tx) {
        // Marks the gate taken until the woken transaction sets its own token (next microtask).
        this.holder = WAKING;
        next.wake();
        return;
      }
      next.wake();
    }
  }
}

const WAKING = Symbol("waking");
