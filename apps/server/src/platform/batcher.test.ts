import { describe, expect, it } from 'vitest';
import { createBatcher, type Outcome } from './batcher.ts';

/** A writer that records each batch it was given and answers from `answer`, after a turn of the event loop. */
function recordingWriter(answer: (item: number) => Outcome<string> | 'throw' = (n) => ({ ok: true, value: `done ${n}` })) {
  const batches: number[][] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = items.map(answer);
    if (outcomes.includes('throw')) throw new Error(`batch ${items.join(',')} failed`);
    return outcomes.filter((o): o is Outcome<string> => o !== 'throw');
  };
  return { batches, run };
}

const settled = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe('createBatcher', () => {
  it('writes what arrives in one turn as one batch, in order, and what arrives meanwhile in the next', async () => {
    const { batches, run } = recordingWriter();
    const batcher = createBatcher(run, { maxBatch: 10 });
    const first = [1, 2, 3].map((n) => batcher.submit(n));
    // The first batch has started (it is waiting in `run`) when these arrive.
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((n) => batcher.submit(n));
    expect(await Promise.all([...first, ...second])).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
  });

  it('starts a lone item at once and never puts more than maxBatch in one batch', async () => {
    const { batches, run } = recordingWriter();
    const batcher = createBatcher(run, { maxBatch: 2 });
    expect(await batcher.submit(7)).toBe('done 7');
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(batches).toEqual([[7], [1, 2], [3, 4], [5]]);
  });

  it('writes an item that must be alone in a batch of its own, keeping the order', async () => {
    const { batches, run } = recordingWriter();
    const batcher = createBatcher(run, { maxBatch: 10, alone: (n) => n === 3 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(batches).toEqual([[1, 2], [3], [4, 5]]);
  });

  it("gives an item's own refusal to that item only", async () => {
    const { run } = recordingWriter((n) => (n === 2 ? { ok: false, error: new Error('no 2') } : { ok: true, value: `done ${n}` }));
    const batcher = createBatcher(run, { maxBatch: 10 });
    const results = await settled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['done 1', 'no 2', 'done 3']);
  });

  it('writes a failed batch again one item at a time, so only the failing item fails', async () => {
    const { batches, run } = recordingWriter((n) => (n === 2 ? 'throw' : { ok: true, value: `done ${n}` }));
    const batcher = createBatcher(run, { maxBatch: 10 });
    const results = await settled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['done 1', 'batch 2 failed', 'done 3']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    // The batcher goes on working after a failure.
    expect(await batcher.submit(4)).toBe('done 4');
  });

  it('treats a batch that answers the wrong number of outcomes as failed', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        return items.slice(1).map((n) => ({ ok: true as const, value: n }));
      },
      { maxBatch: 10 },
    );
    const results = await settled([1, 2].map((n) => batcher.submit(n)));
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value))).toEqual([
      'a batch of 1 answered 0 outcomes',
      'a batch of 1 answered 0 outcomes',
    ]);
    expect(batches).toEqual([[1, 2], [1], [2]]);
  });
});
