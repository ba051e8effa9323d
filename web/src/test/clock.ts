import type { Clock } from '../lib/device/clock';

/** Timers that never fire: tests where nothing should happen on its own, only when the test asks. */
export const idleTimers: Omit<Clock, 'now'> = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};
