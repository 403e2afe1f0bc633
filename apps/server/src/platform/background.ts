/** Work that runs after the request that started it has been answered. */
export interface Background {
  /** Starts `work` once the current request has been answered; a failure is logged, never thrown. */
  run(what: string, work: () => Promise<void>): void;
  /** Answers when all work started so far has finished (shutdown waits for it; tests too). */
  settled(): Promise<void>;
}

export function createBackground(log: { error(obj: object, msg: string): void }): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      // After setImmediate: the answer, which waits on no more I/O, has gone out before the work starts.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
