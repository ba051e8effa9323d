import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry, LAZY_LOAD_RETRIES, loadComponentWithRetry } from './import-with-retry';

/** A loader that fails `failures` times (no signal), then hands over `value`. */
function flakyLoad<T>(failures: number, value: T) {
  let calls = 0;
  return vi.fn(() => (++calls <= failures ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(value)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('importWithRetry', () => {
  it('tries a failed load again, up to 3 times', async () => {
    const load = flakyLoad(LAZY_LOAD_RETRIES, 'the code');
    expect(await importWithRetry(load)).toBe('the code');
    expect(load).toHaveBeenCalledTimes(LAZY_LOAD_RETRIES + 1);
  });

  it('gives up with the last failure after the third retry', async () => {
    const load = flakyLoad(LAZY_LOAD_RETRIES + 1, 'never');
    await expect(importWithRetry(load)).rejects.toBeInstanceOf(TypeError);
    expect(load).toHaveBeenCalledTimes(LAZY_LOAD_RETRIES + 1);
  });
});

describe('loadComponentWithRetry', () => {
  const Screen = () => null;
  const Unavailable = () => null;

  it('hands over the component once its code arrives after a failed try', async () => {
    expect((await loadComponentWithRetry(flakyLoad(1, Screen), Unavailable, 'screen')).default).toBe(Screen);
  });

  it('hands over the "could not load" component instead of failing when every try failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await loadComponentWithRetry(flakyLoad(LAZY_LOAD_RETRIES + 1, Screen), Unavailable, 'screen')).default).toBe(Unavailable);
    expect(warn).toHaveBeenCalledWith('The screen code did not load', expect.any(TypeError));
  });
});
