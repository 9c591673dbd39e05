import type { AuctionBidState } from './bid-writer';
import { retryOnConflict, type Attempt } from './retry-on-conflict';

const state = (version: number) => ({ maxBidsVersion: version }) as AuctionBidState;
const dbError = (code: string) => Object.assign(new Error(code), { code });

describe('retryOnConflict: the one retry loop of every turn', () => {
  it('judges again on a fresh read when the write matched nothing, or was rolled back in a deadlock', async () => {
    const outcomes: (() => Promise<Attempt>)[] = [
      () => Promise.resolve('conflict'),
      () => Promise.reject(dbError('40P01')),
      () => Promise.reject(dbError('40001')),
      () => Promise.resolve({ done: state(9) }),
    ];
    const seen: (AuctionBidState | null)[] = [];
    let reads = 0;
    const giveUp = jest.fn();
    const done = await retryOnConflict({
      initial: state(0),
      reload: () => Promise.resolve(state(++reads)),
      attempt: (s) => {
        seen.push(s);
        return outcomes.shift()!();
      },
      giveUp,
    });
    expect(done).toEqual(state(9));
    expect(seen.map((s) => s?.maxBidsVersion)).toEqual([0, 1, 2, 3]);
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('gives up busy after its retries, deadlocks counted as conflicts', async () => {
    const giveUp = jest.fn();
    const attempt = jest.fn(() => Promise.reject(dbError('40P01')));
    const done = await retryOnConflict({ initial: null, reload: () => Promise.resolve(null), attempt, giveUp });
    expect(done).toBeNull();
    expect(giveUp).toHaveBeenCalledTimes(1);
    expect(attempt).toHaveBeenCalledTimes(6);
  });

  it('lets any other error through (the caller answers it as unexpected)', async () => {
    const failure = dbError('23505');
    await expect(
      retryOnConflict({
        initial: null,
        reload: () => Promise.resolve(null),
        attempt: () => Promise.reject(failure),
        giveUp: jest.fn(),
      }),
    ).rejects.toBe(failure);
  });
});
