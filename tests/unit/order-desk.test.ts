import { describe, expect, it } from 'vitest';
import { OrderDesk } from '../../server/trading/engine/market-orders';
import { sleep } from '../support/wait';

/** An executor that records its batches and finishes each only when told to. */
function gatedExecutor(fail: (ticket: number) => boolean = () => false) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const execute = (tickets: number[]) => {
    batches.push(tickets);
    return new Promise<number[]>((resolve, reject) => {
      gates.push(() => (tickets.some(fail) ? reject(new Error(`failed: ${tickets.join(',')}`)) : resolve(tickets.map((t) => t * 10))));
    });
  };
  /** Opens batches as they come (each waits one turn of the event loop to start) until `done` settles. */
  const openAll = async (done: Promise<unknown>) => {
    let settled = false;
    void done.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      if (gates.length > 0) gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { execute, batches, openAll };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the order desk', () => {
  it('runs the orders that arrive together as one batch, and those that arrive while it is busy as the next', async () => {
    const ex = gatedExecutor();
    const desk = new OrderDesk(ex.execute, { lanes: 1, maxBatch: 3 });
    const first = Promise.all([1, 2].map((n) => desk.place(n)));
    await nextTurn();
    const later = Promise.all([3, 4, 5, 6].map((n) => desk.place(n)));
    expect(ex.batches).toEqual([[1, 2]]);
    await ex.openAll(Promise.all([first, later]));
    expect([...(await first), ...(await later)]).toEqual([10, 20, 30, 40, 50, 60]);
    expect(ex.batches).toEqual([[1, 2], [3, 4, 5], [6]]);
  });

  it('keeps as many batches in flight as it has lanes', async () => {
    const ex = gatedExecutor();
    const desk = new OrderDesk(ex.execute, { lanes: 2, maxBatch: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => desk.place(n)));
    await nextTurn();
    expect(ex.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await ex.openAll(answers);
    expect(await answers).toEqual([10, 20, 30, 40, 50]);
    expect(ex.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('when a batch fails, runs its orders one by one, so only the faulty order fails', async () => {
    const ex = gatedExecutor((t) => t === 3);
    const desk = new OrderDesk(ex.execute, { lanes: 1, maxBatch: 10 });
    const settled = Promise.allSettled([1, 2, 3, 4].map((n) => desk.place(n)));
    await nextTurn();
    await ex.openAll(settled);
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))).toEqual([10, 20, 40]);
    expect(ex.batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('after a failure that may have committed, runs again alone only the orders that may safely repeat', async () => {
    const ex = gatedExecutor((t) => t >= 2);
    const desk = new OrderDesk(ex.execute, { lanes: 1, maxBatch: 10, mayRetry: (ticket) => ticket % 2 === 1 });
    const settled = Promise.allSettled([1, 2, 3].map((n) => desk.place(n)));
    await nextTurn();
    await ex.openAll(settled);
    expect((await settled).map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(ex.batches).toEqual([[1, 2, 3], [1], [3]]);
  });

  it('answers an order that waited too long without executing it', async () => {
    const ex = gatedExecutor();
    const desk = new OrderDesk(ex.execute, { lanes: 1, maxBatch: 10, maxWaitMs: 20, expired: (n) => -n });
    const first = desk.place(1);
    await nextTurn();
    const late = desk.place(2);
    await sleep(40);
    await ex.openAll(Promise.all([first, late]));
    expect(await first).toBe(10);
    expect(await late).toBe(-2);
    expect(ex.batches).toEqual([[1]]);
  });
});
