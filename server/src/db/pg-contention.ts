/**
 * Transactions of this process that collide on PostgreSQL (serialization failures) take turns.
 * Under SERIALIZABLE, transactions that write one hot row (list_versions, bumped by every task
 * written) fail whenever they meet: the one that waited for the row's lock fails when the
 * holder commits. Random waits alone starve some of them when many arrive at once (8 teachers
 * saving tasks together fail some after 12 attempts). So once one has collided a few times
 * (TURNS_AFTER in postgres.ts), it runs again holding this gate, and while any such transaction
 * is waiting to run again, new ones queue at the gate too: the node runs its transactions one at
 * a time, as SQLite always does, until the collision clears; otherwise they run side by side
 * (a collision or two, as SSI's page-level locks give on a small table, is only retried).
 */
export class ContentionGate {
  private tail: Promise<void> = Promise.resolve();
  private colliding = 0;

  /** True while a transaction that collided has yet to commit or give up. */
  get active(): boolean {
    return this.colliding > 0;
  }

  /** Waits for the turn of the caller; resolves with the function that ends it. */
  async enter(): Promise<() => void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return release;
  }

  /** A transaction collided: later runs of it, and new ones, queue until it is settled. */
  collided(): void {
    this.colliding++;
  }

  /** That transaction committed or gave up. */
  settled(): void {
    this.colliding--;
  }
}
