import type { Clock } from '../lib/device/clock';

/** Timers that never fire: tests where nothing should happen on its own, only when the test asks. */
export const idleTimers: Omit<Clock, 'now'> = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};

/** A clock the test moves by hand (`advance`), whose timeouts fire when the test says (`fireDue`). */
export function manualClock(start = 1_800_000_000_000) {
  let now = start;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let next = 0;
  const clock: Clock = {
    ...idleTimers,
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.set(++next, { at: now + ms, callback });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
    },
    pendingTimers: () => [...timers.values()],
    fireDue() {
      for (const [id, timer] of timers) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}
