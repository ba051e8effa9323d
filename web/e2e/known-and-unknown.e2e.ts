import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  BDE_MAKA_SKA_PAVILION_TOILETS,
  LORING_PARK_TOILETS,
  type FakePlace,
} from '../../api/test/fakes/index.js';
import { withServerDatabase, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { goOffline, goOnline, newPhoneContext } from './support/browser.js';
import { startWithOsmToilets, type OsmToiletsServer } from './support/osm-import.js';
import { eventually, signUp } from './support/server-api.js';

/*
 * What the data does not say is shown as unknown (docs/product-rules.md#what-we-know), end to end
 * in the production build: an admin imports three OpenStreetMap toilets (one tagged unisex, one
 * gender-segregated, one with no gender tags at all); a visitor's phone shows the untagged one as
 * 'Gender-neutral: unknown', the gender-neutral filter leaves it out and 'Include unknown' brings it
 * back (never the segregated one). Then a signed-in person confirms a restroom 'Still there' with no
 * signal, and the confirmation reaches the server exactly once when the signal returns; its unknown
 * single stall opens Suggest changes on that question.
 */

/** Toilets in a park shelter, mapped with access and a wheelchair tag but nothing about gender. */
const MINNEHAHA_FALLS_TOILETS: FakePlace = {
  osm: { type: 'N', id: 5_550_000_016 },
  name: 'Minnehaha Falls Restrooms',
  housenumber: '4801',
  street: 'South Minnehaha Drive',
  city: 'Minneapolis',
  state: 'Minnesota',
  postcode: '55417',
  lat: 44.91536,
  lng: -93.21115,
  category: { key: 'amenity', value: 'toilets' },
  tags: { access: 'yes', wheelchair: 'yes' },
};

const TOILETS = [LORING_PARK_TOILETS, BDE_MAKA_SKA_PAVILION_TOILETS, MINNEHAHA_FALLS_TOILETS];
/** The names the import gives them (each is tagged with one). */
const LORING = LORING_PARK_TOILETS.name ?? 'Loring Park Restrooms';
const MINNEHAHA = MINNEHAHA_FALLS_TOILETS.name ?? 'Minnehaha Falls Restrooms';

let running: OsmToiletsServer | undefined;
let server: AppServer;
let browser: Browser;

before(async () => {
  running = await startWithOsmToilets(TOILETS);
  ({ server, browser } = running);
});

after(() => running?.stop());

async function restroomId(name: string): Promise<string> {
  const rows = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Array<{ id: string; name: string }>;
  const row = rows.find((candidate) => candidate.name === name);
  assert.ok(row, `${name} was imported`);
  return row.id;
}

/** The names the list shows, in order. */
async function listedNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();
}

async function applyFilters(page: Page, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await choose(dialog);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Rows in the confirmations table for a restroom, read from the server's own database file. */
function confirmationsOnServer(id: string): number {
  return withServerDatabase(server, (db) => {
    const row = db.prepare('select count(*) as count from confirmations where restroom_id = ?').get(id) as { count: number };
    return row.count;
  });
}

describe('yes, no or unknown, end to end', () => {
  it('shows an untagged OpenStreetMap toilet as gender-neutral unknown, filtered out until unknown is included', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      const id = await restroomId(MINNEHAHA);
      await page.goto(`${server.url}/bathrooms/${id}`);
      await page.getByRole('heading', { level: 1, name: MINNEHAHA }).waitFor();
      const amenities = page.getByRole('list', { name: 'Amenities' });
      await amenities.getByText('Gender-neutral: unknown', { exact: true }).waitFor();
      await amenities.getByText('Wheelchair accessible: yes', { exact: true }).waitFor();
      await amenities.getByText('Single stall: unknown', { exact: true }).waitFor();
      await page.getByText('Open to the public').first().waitFor();
      await amenities.getByRole('button', { name: 'Know this? Tell us' }).first().waitFor();
      await expectNoViolations(page, 'A restroom whose gender-neutral status is unknown');

      await page.goto(`${server.url}/bathrooms`);
      await page.getByText(`${TOILETS.length} restrooms saved on this device`).waitFor();
      await page.getByRole('button', { name: 'List view' }).click();
      await eventually(async () => (await listedNames(page)).length, TOILETS.length, 'every toilet is listed');

      await applyFilters(page, (dialog) => dialog.getByRole('checkbox', { name: 'Gender-neutral' }).check());
      await eventually(async () => (await listedNames(page)).join(' | '), LORING, 'only the known gender-neutral toilet');

      await applyFilters(page, async (dialog) => {
        await dialog.getByRole('switch', { name: 'Include unknown' }).click();
        await expectNoViolations(page, 'The filters with Include unknown');
      });
      await eventually(
        async () => (await listedNames(page)).slice().sort().join(' | '),
        [LORING, MINNEHAHA].sort().join(' | '),
        'the unknown one is back, the segregated one is not',
      );
      await page.getByText(/Showing 2 of 2 · 1 unknown/).waitFor();
      await expectNoViolations(page, 'The list with unknown included');
    } finally {
      await context.close();
    }
  });

  it("a confirmation made offline reaches the server exactly once, and 'Know this? Tell us' opens Suggest changes on its question", async () => {
    const context = await newPhoneContext(browser);
    try {
      await signUp(context, server);
      const id = await restroomId(LORING);
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByText(`${TOILETS.length} restrooms saved on this device`).waitFor();
      await page.goto(`${server.url}/bathrooms/${id}`);
      await page.getByRole('heading', { level: 1, name: LORING }).waitFor();

      await goOffline(context);
      await page.getByRole('button', { name: 'Still there and as described' }).click();
      await page.getByRole('status').filter({ hasText: '1 change waiting to be sent' }).waitFor();
      await page.reload();
      await page.getByRole('status').filter({ hasText: '1 change waiting to be sent' }).waitFor();
      assert.equal(confirmationsOnServer(id), 0);

      await goOnline(context);
      await eventually(async () => confirmationsOnServer(id), 1, 'confirmations on the server');
      await page.getByRole('status').filter({ hasText: 'waiting to be sent' }).waitFor({ state: 'detached' });
      await page.getByText('Confirmed by a visitor today').waitFor();
      // A pause, not a wait for a condition: a second copy must NOT arrive.
      await page.waitForTimeout(1500);
      assert.equal(confirmationsOnServer(id), 1);
      const detail = (await (await fetch(`${server.url}/api/bathrooms/${id}`)).json()) as { last_confirmed_at: string | null };
      assert.ok(detail.last_confirmed_at !== null, 'the restroom is confirmed on the server');

      // OpenStreetMap has no single-stall tag, so that line asks; the answer starts where it was asked.
      const singleStall = page.getByRole('list', { name: 'Amenities' }).getByRole('listitem').filter({ hasText: 'Single stall: unknown' });
      await singleStall.getByRole('button', { name: 'Know this? Tell us' }).click();
      const dialog = page.getByRole('dialog', { name: 'Suggest changes here:' });
      await dialog.waitFor();
      await eventually(
        () => page.evaluate(() => document.activeElement?.closest('fieldset')?.querySelector('legend')?.textContent ?? null),
        'Single stall',
        'the Single stall question has the focus',
      );
      assert.equal(await dialog.getByRole('group', { name: 'Single stall' }).getByRole('radio', { name: 'Not sure' }).isChecked(), true);
      await expectNoViolations(page, "Suggest changes opened from 'Know this? Tell us'");
    } finally {
      await context.close();
    }
  });
});
