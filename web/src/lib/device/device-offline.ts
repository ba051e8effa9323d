/**
 * The browser says there is no connection. Only `false` counts: an unknown answer (no navigator, as
 * in tests or workers without one) is treated as online, so requests are still tried.
 */
export function deviceIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
