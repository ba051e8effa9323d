const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;
/** The longest a server's Retry-After holds a write back: a wrong or hostile header cannot park it for days. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * How long to wait before attempt `attempts + 1`: doubling from 2 s up to 5 minutes, with "equal
 * jitter" (half fixed, half random) so phones that lost signal together do not all retry together.
 */
function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return exponential / 2 + (exponential / 2) * random();
}

/**
 * The wait before the next attempt when the server said how long it needs (Retry-After, in ms):
 * that long, up to MAX_RETRY_AFTER_MS, and never sooner than the backoff would have waited anyway.
 */
export function retryDelayMs(attempts: number, serverAskedMs: number | null, random: () => number = Math.random): number {
  const backoff = backoffDelayMs(attempts, random);
  return serverAskedMs === null ? backoff : Math.max(backoff, Math.min(serverAskedMs, MAX_RETRY_AFTER_MS));
}
