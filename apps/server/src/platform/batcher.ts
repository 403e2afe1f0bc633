/**
 * Group commit: requests that arrive while a batch is being written wait and go together in the
 * next one, so N requests under load share one transaction's round trips, locks and commit
 * instead of paying for N. On a quiet server every batch holds one request and starts at once.
 *
 * `run` gets the items in arrival order and answers one outcome per item, in the same order: an
 * item's own refusal (`{ ok: false }`) does not touch the others. If `run` throws, nothing of the
 * batch happened (it is one transaction); a batch of several is then run again one item at a time,
 * so one bad item cannot fail the rest, and a batch of one rejects with what was thrown.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatcherOptions<I> {
  /** At most this many items per batch. */
  maxBatch: number;
  /** An item that must be written on its own (say, one that writes a file-sized image). */
  alone?: (item: I) => boolean;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<I, O>(run: (items: I[]) => Promise<Outcome<O>[]>, options: BatcherOptions<I>): Batcher<I, O> {
  const queue: Waiting<I, O>[] = [];
  let writing = false;

  async function write(batch: Waiting<I, O>[]) {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outcomes.length} outcomes`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) await write([waiting]);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome?.error);
    });
  }

  function next(): Waiting<I, O>[] {
    const first = queue[0];
    if (first && options.alone?.(first.item)) return queue.splice(0, 1);
    let n = 0;
    for (const waiting of queue) {
      if (n === options.maxBatch || options.alone?.(waiting.item)) break;
      n++;
    }
    return queue.splice(0, n);
  }

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) await write(next());
    } finally {
      writing = false;
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Requests read in the same turn of the event loop join the first batch.
        if (!writing) {
          writing = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
