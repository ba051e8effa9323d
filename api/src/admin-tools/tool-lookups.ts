import { UpstreamError } from '../geocoding/upstream.js';

/**
 * Runs look-ups one after another, at least `paceMs` apart from the start of one to the next, as a
 * volunteer-run service asks of bulk work (Nominatim: one request a second). Zero runs them back to back.
 */
export function paced(paceMs: number): <T>(lookUp: () => Promise<T>) => Promise<T> {
  let lastStart = Number.NEGATIVE_INFINITY;
  return async (lookUp) => {
    const wait = lastStart + paceMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastStart = Date.now();
    return lookUp();
  };
}

/** A failed service as the tools report it: the service's own message, and that nothing was written. */
export async function failureSaysNothingChanged<T>(lookUp: Promise<T>): Promise<T> {
  try {
    return await lookUp;
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const code = error.upstreamCode === 'upstream.notAnswering' ? 'upstream.notAnsweringNothingChanged' : 'upstream.failingNothingChanged';
    throw new UpstreamError(code, error.service, error.detail, error.cause);
  }
}
