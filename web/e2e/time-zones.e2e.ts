import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { E2E_WAIT_MS, launchChromium } from './support/browser.js';
import { signIn, writeAs } from './support/server-api.js';

/*
 * One deployment with restrooms on two clocks (docs/product-rules.md#opening-hours-and-open-now):
 * the same hours in Chicago and in Denver, an hour apart. At one instant the phone shows one open
 * and the other closed, each read on the clock where it stands, and the phone's own time zone
 * (Berlin here, where both would read as open) plays no part.
 */

/** 9am to 5pm, every day of the week. */
const NINE_TO_FIVE = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 900, close: 1700 }));

const CHICAGO = { name: 'Chicago Cultural Center', formatted_address: '78 E Washington St, Chicago, IL 60602', latitude: 41.8837, longitude: -87.6249 };
const DENVER = { name: 'Denver Central Library', formatted_address: '10 W 14th Ave Pkwy, Denver, CO 80204', latitude: 39.7372, longitude: -104.9879 };

/** Wednesday 2026-11-25 at 15:30Z: 9:30am in Chicago, 8:30am in Denver, 4:30pm in Berlin. */
const CHICAGO_OPEN_DENVER_NOT = new Date('2026-11-25T15:30:00Z');
/** Thursday 2026-11-26 at 06:30Z: already Thursday (12:30am) in Chicago, still Wednesday (11:30pm) in Denver. */
const CHICAGO_PAST_MIDNIGHT = new Date('2026-11-26T06:30:00Z');

let server: AppServer;
let browser: Browser;
const ids: Record<'chicago' | 'denver', string> = { chicago: '', denver: '' };

before(async () => {
  server = await startAppServer({ DEMO_DATA: '0' });
  browser = await launchChromium();
  // An admin adds both: approved at once, each looked up into its own zone by the server.
  const admin = await browser.newContext();
  try {
    await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
    for (const [key, place] of [['chicago', CHICAGO], ['denver', DENVER]] as const) {
      const { restroom } = await writeAs<{ restroom: { id: string; time_zone: string | null } }>(admin, server, 'POST', '/api/bathrooms', {
        bathroomToAdd: { ...place, accessible: true, access: 'public', unisex: true, changing_table: false, single_stall: true },
        bathroomHours: NINE_TO_FIVE,
      });
      ids[key] = restroom.id;
    }
  } finally {
    await admin.close();
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone in Berlin, its clock stopped at `instant`. */
async function phoneInBerlin(instant: Date): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow', timezoneId: 'Europe/Berlin' });
  context.setDefaultTimeout(E2E_WAIT_MS);
  context.setDefaultNavigationTimeout(E2E_WAIT_MS);
  const page = await context.newPage();
  await page.clock.setFixedTime(instant);
  return { context, page };
}

/** The open-now badge's words inside `scope`, once it shows. */
async function badgeIn(page: Page, scope: ReturnType<Page['locator']>): Promise<string> {
  const badge = scope.locator('.open-badge');
  await badge.waitFor();
  return (await badge.textContent()) ?? '';
}

describe('restrooms in Chicago and in Denver with the same hours', () => {
  it('have their zones from the server, in the feed every phone pulls', async () => {
    const response = await fetch(`${server.url}/api/sync`);
    const page = (await response.json()) as { restrooms: Array<{ id: string; time_zone: string | null }> };
    const zones = Object.fromEntries(page.restrooms.map((restroom) => [restroom.id, restroom.time_zone]));
    assert.deepEqual(zones, { [ids.chicago]: 'America/Chicago', [ids.denver]: 'America/Denver' });
  });

  it('show one open and the other closed at one instant, on the list and on their pages, whatever the phone’s own zone', async () => {
    const { context, page } = await phoneInBerlin(CHICAGO_OPEN_DENVER_NOT);
    try {
      await page.goto(`${server.url}/bathrooms`);
      // The phone really is on Berlin's clock: read there, both would be open (4:30pm).
      assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'Europe/Berlin');
      assert.equal(await page.evaluate(() => new Date().toISOString()), CHICAGO_OPEN_DENVER_NOT.toISOString());

      await page.getByText(/2 restrooms saved on this device/i).waitFor();
      await page.getByRole('button', { name: 'List view' }).click();
      const list = page.getByRole('list', { name: 'Restrooms' });
      await list.waitFor();
      const card = (name: string) => list.getByRole('article', { name, exact: true });
      assert.equal(await badgeIn(page, card(CHICAGO.name)), 'Open now');
      assert.equal(await badgeIn(page, card(DENVER.name)), 'Closed');
      // And until when, on each one's own clock: 9:30am in Chicago, 8:30am in Denver.
      assert.equal(await card(CHICAGO.name).locator('.open-status').textContent(), 'Open now · Closes 5pm');
      assert.equal(await card(DENVER.name).locator('.open-status').textContent(), 'Closed · Opens 9am');

      await page.goto(`${server.url}/bathrooms/${ids.chicago}`);
      await page.getByRole('heading', { level: 1, name: CHICAGO.name }).waitFor();
      assert.equal(await badgeIn(page, page.locator('main')), 'Open now');

      await page.goto(`${server.url}/bathrooms/${ids.denver}`);
      await page.getByRole('heading', { level: 1, name: DENVER.name }).waitFor();
      assert.equal(await badgeIn(page, page.locator('main')), 'Closed');
    } finally {
      await context.close();
    }
  });

  it("mark today in each one's hours as the day where it stands, on either side of midnight", async () => {
    const { context, page } = await phoneInBerlin(CHICAGO_PAST_MIDNIGHT);
    try {
      const today = async (id: string, name: string) => {
        await page.goto(`${server.url}/bathrooms/${id}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        const row = page.locator('.hours-panel tr[aria-current="date"]');
        await row.waitFor();
        return (await row.locator('th').textContent()) ?? '';
      };
      assert.equal(await today(ids.chicago, CHICAGO.name), 'Thursday');
      assert.equal(await today(ids.denver, DENVER.name), 'Wednesday');
      // Both are closed at this hour, each on its own clock.
      assert.equal(await badgeIn(page, page.locator('main')), 'Closed');
    } finally {
      await context.close();
    }
  });
});
