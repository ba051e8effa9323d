import { describe, expect, it } from 'vitest';
import { createFirstRowsGate } from './first-rows';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  // Two turns of the microtask queue are plenty for an already resolved promise's callbacks.
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('the first rows gate', () => {
  it('holds what waits until the first screen opens it, once', async () => {
    const gate = createFirstRowsGate(5000, () => undefined);
    const waiting = gate.opened();
    expect(await settled(waiting)).toBe(false);
    expect(gate.isOpen).toBe(false);
    gate.open();
    gate.open();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(gate.opened())).toBe(true);
    expect(gate.isOpen).toBe(true);
  });

  it('opens by itself at the ceiling, however long the first rows take', async () => {
    let ceiling: { run: () => void; ms: number } | null = null;
    const gate = createFirstRowsGate(5000, (run, ms) => (ceiling = { run, ms }));
    expect(ceiling).toMatchObject({ ms: 5000 });
    expect(await settled(gate.opened())).toBe(false);
    ceiling!.run();
    expect(await settled(gate.opened())).toBe(true);
  });
});
