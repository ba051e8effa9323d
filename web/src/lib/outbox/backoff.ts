const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

/**
 * How long to wait before attempt `attempts + 1`: doubling from 2 s up to 5 minutes, with "equal
 * jitter" (half fixed, half random) so phones that lost signal together do not all retry together.
 */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return exponential / 2 + (exponential / 2) * random();
}
