import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, retryDelayMs } from './backoff';
import { parseHttpDate, retryAfterMs } from './retry-after';

const now = Date.UTC(2027, 0, 15, 8, 0, 0); // Fri, 15 Jan 2027 08:00:00 GMT

describe('retryAfterMs', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date in each of the three formats as GMT, past dates as no wait', () => {
    expect(retryAfterMs('Fri, 15 Jan 2027 08:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('Friday, 15-Jan-27 08:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('Fri Jan 15 08:02:00 2027', now)).toBe(120_000);
    expect(retryAfterMs('Fri Jan  8 08:00:00 2027', now)).toBe(0);
  });

  it('gives nothing for a missing or unreadable header', () => {
    for (const header of [null, undefined, '', 'soon', '-5', '1.5', '2 minutes', 'Fri, 31 Feb 2027 08:00:00 GMT', 'Fri, 15 Jan 2027 25:00:00 GMT', '15 Jan 2027 08:02:00 GMT', 'Fri, 15 Jan 2027 08:02:00 PST']) {
      expect(retryAfterMs(header, now), String(header)).toBeNull();
    }
  });
});

describe('parseHttpDate', () => {
  it("reads RFC 850's two-digit year as the latest such year no more than 50 years ahead", () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Friday, 15-Jan-77 08:00:00 GMT', now)).toBe(Date.UTC(2077, 0, 15, 8, 0, 0));
    expect(parseHttpDate('Friday, 15-Jan-77 08:00:01 GMT', now)).toBe(Date.UTC(1977, 0, 15, 8, 0, 1));
  });
});

describe('retryDelayMs', () => {
  const half = () => 0.5;

  it('is the backoff when the server said nothing', () => {
    expect(retryDelayMs(1, null, half)).toBe(1500);
    expect(retryDelayMs(2, null, half)).toBe(3000);
  });

  it("is the server's wait when longer than the backoff, capped, and never shorter than the backoff", () => {
    expect(retryDelayMs(1, 120_000, half)).toBe(120_000);
    expect(retryDelayMs(1, 1e12, half)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelayMs(1, Infinity, half)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelayMs(2, 1000, half)).toBe(3000);
  });
});
