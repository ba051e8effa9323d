import { describe, expect, it } from 'vitest';
import { webLocks } from './environment';

/** A stand-in for navigator.locks that records each call, as the browser would receive it. */
function recordingLocks() {
  const calls: unknown[][] = [];
  return {
    calls,
    nav: {
      locks: {
        request(...args: unknown[]) {
          calls.push(args.slice(0, -1));
          const callback = args.at(-1) as (lock: unknown) => Promise<unknown>;
          return callback({ name: args[0] });
        },
      },
    },
  };
}

describe('webLocks', () => {
  it('passes both the short form (the outbox) and the form with options (the sync engine) to the browser', async () => {
    const { calls, nav } = recordingLocks();
    const locks = webLocks(nav)!;

    let ran = false;
    await locks.request('allstall-outbox', async () => {
      ran = true;
    });
    const outcome = await locks.request('allstall-sync', { ifAvailable: true }, async (lock) => (lock ? 'synced' : 'skipped'));

    expect(ran).toBe(true);
    expect(outcome).toBe('synced');
    expect(calls).toEqual([['allstall-outbox'], ['allstall-sync', { ifAvailable: true }]]);
  });

  it('is absent where the context has no Web Locks', () => {
    expect(webLocks(undefined)).toBeUndefined();
    expect(webLocks({})).toBeUndefined();
  });
});
