/**
 * A FIFO lock. PGlite has exactly one connection, so every query and every whole transaction must hold it:
 * two interleaved transactions on one connection would share one BEGIN/COMMIT and a rollback could be lost.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.tail.then(() => once(release));
    this.tail = this.tail.then(() => released);
    return acquired;
  }
}

function once(fn: () => void): () => void {
  let called = false;
  return () => {
    if (called) return;
    called = true;
    fn();
  };
}
