import { describe, expect, it } from 'vitest';
import { ExpiringLruCache } from '../../src/geocoding/answer-cache.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function cacheWithClock(maxEntries: number) {
  const clock = { now: 0 };
  return { cache: new ExpiringLruCache<string>(maxEntries, DAY_MS, () => clock.now), clock };
}

describe('ExpiringLruCache', () => {
  it('keeps an answer for a day and no longer', () => {
    const { cache, clock } = cacheWithClock(10);
    cache.set('walker', 'Walker Art Center');
    clock.now = DAY_MS - 1;
    expect(cache.get('walker')).toBe('Walker Art Center');
    clock.now = DAY_MS;
    expect(cache.get('walker')).toBeUndefined();
  });

  it('drops the least recently used answer when full', () => {
    const { cache } = cacheWithClock(2);
    cache.set('a', 'first');
    cache.set('b', 'second');
    cache.get('a');
    cache.set('c', 'third');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('first');
    expect(cache.get('c')).toBe('third');
  });

  it('loads once and answers from memory after', async () => {
    const { cache } = cacheWithClock(10);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.getOrLoad('q', load)).toBe('answer 1');
    expect(await cache.getOrLoad('q', load)).toBe('answer 1');
    expect(loads).toBe(1);
  });

  it('keeps nothing when loading fails, so the next call tries again', async () => {
    const { cache } = cacheWithClock(10);
    await expect(cache.getOrLoad('q', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('q', async () => 'back')).toBe('back');
  });
});
