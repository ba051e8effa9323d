import { describe, expect, it } from 'vitest';
import { isUnconfirmedOverAYear, sameZonedDay } from './freshness.js';

const now = new Date('2026-11-24T12:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

describe('isUnconfirmedOverAYear', () => {
  it('calls a listing stale once its last confirmation is more than 365 days old: 366 yes, 364 no', () => {
    expect(isUnconfirmedOverAYear({ last_confirmed_at: daysBefore(366), updated_at: daysBefore(800) }, now)).toBe(true);
    expect(isUnconfirmedOverAYear({ last_confirmed_at: daysBefore(364), updated_at: daysBefore(800) }, now)).toBe(false);
    expect(isUnconfirmedOverAYear({ last_confirmed_at: daysBefore(365), updated_at: daysBefore(800) }, now)).toBe(false);
  });

  it('falls back to updated_at when nobody has confirmed it yet', () => {
    expect(isUnconfirmedOverAYear({ last_confirmed_at: null, updated_at: daysBefore(366) }, now)).toBe(true);
    expect(isUnconfirmedOverAYear({ last_confirmed_at: null, updated_at: daysBefore(364) }, now)).toBe(false);
  });

  it('takes the later of the two: a recent edit or a recent confirmation keeps an old listing fresh', () => {
    expect(isUnconfirmedOverAYear({ last_confirmed_at: daysBefore(900), updated_at: daysBefore(10) }, now)).toBe(false);
    expect(isUnconfirmedOverAYear({ last_confirmed_at: daysBefore(10), updated_at: daysBefore(900) }, now)).toBe(false);
  });

  it('does not call a listing stale from a date it cannot read', () => {
    expect(isUnconfirmedOverAYear({ last_confirmed_at: 'not a date', updated_at: 'nor this' }, now)).toBe(false);
    expect(isUnconfirmedOverAYear({ last_confirmed_at: 'not a date', updated_at: daysBefore(366) }, now)).toBe(true);
  });
});

describe('sameZonedDay', () => {
  it("counts calendar days in the restroom's zone, not in UTC", () => {
    // Noon and 11:30 pm of one Chicago day fall on two UTC dates; 11 pm and 1 am on one UTC date, two Chicago days.
    expect(sameZonedDay(new Date('2026-11-24T18:00:00Z'), new Date('2026-11-25T05:30:00Z'), 'America/Chicago')).toBe(true);
    expect(sameZonedDay(new Date('2026-11-25T05:00:00Z'), new Date('2026-11-25T07:00:00Z'), 'America/Chicago')).toBe(false);
    expect(sameZonedDay(Date.parse('2026-11-25T05:00:00Z'), Date.parse('2026-11-25T07:00:00Z'), 'UTC')).toBe(true);
  });
});
