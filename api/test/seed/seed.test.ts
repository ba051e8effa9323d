import type { Restroom } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { epochMsFromPostgresTimestamp } from '../../src/seed/demo-restrooms.js';
import { createTestApp, WRITE_HEADERS } from '../support/helpers.js';

describe('first start on an empty database', () => {
  it('creates the admin with a generated password, announced once, and loads the demo data once', async () => {
    const first = await createTestApp({ ADMIN_PASSWORD: undefined, DEMO_DATA: '1' });
    try {
      expect(first.announcements).toHaveLength(1);
      const password = /password: (\S+)/.exec(first.announcements[0] ?? '')?.[1];
      expect(password?.length).toBeGreaterThanOrEqual(20);
      const login = await first.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: WRITE_HEADERS,
        payload: { username: 'admin', password },
      });
      expect(login.json()).toMatchObject({ username: 'admin', is_admin: true });

      const { db } = first.app;
      const count = async () => {
        const restrooms = await db.selectFrom('restrooms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const hours = await db.selectFrom('opening_hours').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return { restrooms: Number(restrooms.n), hours: Number(hours.n), users: Number(users.n) };
      };
      const seeded = await count();
      // 770 listings, two of them listed twice in the file.
      expect(seeded).toMatchObject({ restrooms: 768, users: 1 });
      expect(seeded.hours).toBeGreaterThan(2000);
      const versions = await db.selectFrom('restrooms').select('version').execute();
      expect(new Set(versions.map((row) => row.version)).size).toBe(768);

      // Refuge's listing 413 ends in a literal "&#8206;" (a left-to-right mark) in the file.
      const listed = (await first.app.inject({ method: 'GET', url: '/api/bathrooms' })).json<Restroom[]>();
      expect(listed.filter((restroom) => restroom.street.startsWith('2111 Snelling')).map((restroom) => restroom.street)).toEqual([
        '2111 Snelling Avenue North, St Paul, MN',
      ]);
      const stored = await db.selectFrom('restrooms').select(['name', 'street', 'city', 'state', 'country']).execute();
      const messy = stored.flatMap((row) => Object.values(row)).filter((text) => /&#?\w+;|[\u200B\u200E\u200F\uFEFF]|\s\s|^\s|\s$/.test(text));
      expect(messy).toEqual([]);
      // Every placed demo listing is in the Twin Cities, on Central time; an unplaced one has no zone.
      const zones = await db.selectFrom('restrooms').select(['latitude', 'time_zone']).execute();
      expect(new Set(zones.map((row) => (row.latitude === null ? `unplaced ${row.time_zone}` : row.time_zone)))).toEqual(
        new Set(zones.some((row) => row.latitude === null) ? ['America/Chicago', 'unplaced null'] : ['America/Chicago']),
      );

      // What the demo rows know, as 202611270800_yes_no_unknown left older databases' demo rows
      // (docs/product-rules.md#what-we-know): Refuge's three answers, a single stall only when yes,
      // menstrual products and access unknown.
      const known = await db.selectFrom('restrooms').select(['unisex', 'accessible', 'changing_table', 'is_single_stall', 'menstrual_products', 'access']).execute();
      expect(new Set(known.map((row) => row.is_single_stall))).toEqual(new Set([1, null]));
      expect(known.every((row) => row.menstrual_products === null && row.access === null)).toBe(true);
      expect(new Set(known.flatMap((row) => [row.unisex, row.accessible, row.changing_table]))).toEqual(new Set([0, 1]));
      // Fees are demo stand-ins by the kind of place: most unknown, libraries and the like free, a few paid.
      const fees = await db.selectFrom('restrooms').select(['name', 'fee']).execute();
      const feeCount = (fee: string | null) => fees.filter((row) => row.fee === fee).length;
      expect(feeCount('free')).toBeGreaterThan(feeCount('paid'));
      expect(feeCount('paid')).toBeGreaterThan(0);
      expect(feeCount(null)).toBeGreaterThan(fees.length * 0.9);
      expect(fees.find((row) => row.name === 'Linden Hills Library')?.fee).toBe('free');
      expect(fees.find((row) => row.name === 'Minnesota Zoo')?.fee).toBe('paid');

      // A restart on the same database finds data and neither seeds nor announces again.
      await first.app.close();
      const announcements: string[] = [];
      const restarted = buildApp({ config: first.config, announce: (message) => announcements.push(message) });
      await restarted.ready();
      const restartedCounts = await (async () => {
        const rows = await restarted.db.selectFrom('restrooms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return Number(rows.n);
      })();
      expect(restartedCounts).toBe(768);
      expect(announcements).toEqual([]);
      await restarted.close();
    } finally {
      await first.close();
    }
  });

  it('uses ADMIN_PASSWORD when given and prints nothing', async () => {
    const testApp = await createTestApp({ ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'a chosen admin passphrase' });
    try {
      expect(testApp.announcements).toEqual([]);
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: WRITE_HEADERS,
        payload: { username: 'boss', password: 'a chosen admin passphrase' },
      });
      expect(login.json()).toMatchObject({ username: 'Boss', is_admin: true });
      const restrooms = await testApp.app.inject({ method: 'GET', url: '/api/bathrooms' });
      expect(restrooms.json()).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});

describe('epochMsFromPostgresTimestamp', () => {
  it.each([
    ['2019-08-30 18:04:17.536-05', '2019-08-30T23:04:17.536Z'],
    ['2019-08-30 18:04:17.5-05', '2019-08-30T23:04:17.500Z'],
    ['2019-08-30 18:04:17.123456-05', '2019-08-30T23:04:17.123Z'],
    ['2019-08-30 18:04:17-05', '2019-08-30T23:04:17.000Z'],
    ['2019-08-30 18:04:17+05:30', '2019-08-30T12:34:17.000Z'],
  ])('reads %s', (text, iso) => {
    expect(new Date(epochMsFromPostgresTimestamp(text)).toISOString()).toBe(iso);
  });

  it('refuses anything else', () => {
    expect(() => epochMsFromPostgresTimestamp('yesterday')).toThrow(/Not a PostgreSQL timestamp/);
  });
});
