import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { FakePlace } from '../../api/test/fakes/index.js';
import type { AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { newPhoneContext } from './support/browser.js';
import { startWithOsmToilets, type OsmToiletsServer } from './support/osm-import.js';
import { eventually } from './support/server-api.js';

/*
 * 'Free' and 'Open to the public' (docs/product-rules.md#filters), end to end in the production
 * build: an admin imports six OpenStreetMap toilets whose `access` and `fee` tags cover known yes,
 * known no ('Customers only', 'Ask for a key', paid) and unknown; a visitor's phone filters them on
 * the list and on the map alike, 'Include unknown' bringing back the unknown and never customers
 * only, a key or paid. The Filters dialog and a row saying its fee pass axe in both themes and
 * languages.
 */

/** Six toilets around the map's centre, 70-80 px apart at its zoom (15): each its own pin, none clustered. */
function toilet(n: number, name: string, tags: Record<string, string>): FakePlace {
  return {
    osm: { type: 'N', id: 5_550_029_000 + n },
    name,
    housenumber: String(100 + n),
    street: 'Nicollet Mall',
    city: 'Minneapolis',
    state: 'Minnesota',
    postcode: '55403',
    lat: 44.979225 + (n < 3 ? 0.0025 : -0.0025),
    lng: -93.266945 + ((n % 3) - 1) * 0.003,
    category: { key: 'amenity', value: 'toilets' },
    tags,
  };
}

const PUBLIC_FREE = 'Peavey Plaza Toilets';
const CUSTOMERS_FREE = 'Cafe Nicollet Toilets';
const KEY_PAID = 'Tower Lobby Toilets';
const UNKNOWN_BOTH = 'Marquette Toilets';
const PUBLIC_UNKNOWN_FEE = 'Library Toilets';
const UNKNOWN_PAID = 'Station Toilets';

const TOILETS = [
  toilet(0, PUBLIC_FREE, { access: 'yes', fee: 'no' }),
  toilet(1, CUSTOMERS_FREE, { access: 'customers', fee: 'no' }),
  toilet(2, KEY_PAID, { access: 'key', fee: 'yes' }),
  toilet(3, UNKNOWN_BOTH, {}),
  toilet(4, PUBLIC_UNKNOWN_FEE, { access: 'yes' }),
  toilet(5, UNKNOWN_PAID, { charge: '0.50 USD' }),
];

let running: OsmToiletsServer | undefined;
let server: AppServer;
let browser: Browser;

before(async () => {
  running = await startWithOsmToilets(TOILETS);
  ({ server, browser } = running);
});

after(() => running?.stop());

const sorted = (names: readonly string[]) => [...names].sort().join(' | ');

/** The names the list shows; `listName` is the list's name in the page's language. */
async function listedNames(page: Page, listName = 'Restrooms'): Promise<string[]> {
  return page.getByRole('list', { name: listName }).getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();
}

/** The restrooms the map shows: each pin's name (its label is "NAME, 0.12 mi"); any cluster counted as its label says. */
async function mappedNames(page: Page): Promise<string[]> {
  const clusters = await page.locator('.leaflet-marker-pane .map-cluster').count();
  assert.equal(clusters, 0, 'the toilets stand apart: no cluster hides one');
  return page.locator('.leaflet-marker-pane .map-pin').evaluateAll((pins) => pins.map((pin) => (pin.getAttribute('aria-label') ?? '').split(', ')[0]!));
}

async function applyFilters(page: Page, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await choose(dialog);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The list shows `expected`, then the map (the same filters) does too; the view is left on the list. */
async function expectShown(page: Page, expected: readonly string[], what: string): Promise<void> {
  await eventually(async () => sorted(await listedNames(page)), sorted(expected), `${what}, on the list`);
  await page.getByRole('button', { name: 'Map view' }).click();
  await page.getByRole('region', { name: 'Map of restrooms' }).waitFor();
  await eventually(async () => sorted(await mappedNames(page)), sorted(expected), `${what}, on the map`);
  await page.getByRole('button', { name: 'List view' }).click();
}

describe("'Free' and 'Open to the public', end to end", () => {
  it("filter known yes on the list and the map; 'Include unknown' brings back the unknown, never customers only, a key or paid", async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      await page.getByText(`${TOILETS.length} restrooms saved on this device`).waitFor();
      await page.getByRole('button', { name: 'List view' }).click();
      await eventually(async () => (await listedNames(page)).length, TOILETS.length, 'every toilet is listed');

      // The collapsed rows say a known restriction and a known fee, and nothing for unknown.
      const row = (name: string) => page.getByRole('article', { name });
      await row(CUSTOMERS_FREE).getByText('Customers only', { exact: true }).waitFor();
      await row(CUSTOMERS_FREE).getByText('Free', { exact: true }).waitFor();
      await row(KEY_PAID).getByText('Ask for a key', { exact: true }).waitFor();
      await row(KEY_PAID).getByText('Paid', { exact: true }).waitFor();
      await row(UNKNOWN_PAID).getByText('Paid', { exact: true }).waitFor();
      assert.equal(await row(UNKNOWN_BOTH).getByText(/^(Free|Paid|Customers only|Ask for a key)$/).count(), 0);

      await applyFilters(page, (dialog) => dialog.getByRole('checkbox', { name: 'Free' }).check());
      await page.getByRole('button', { name: 'Remove filter: Free' }).waitFor();
      await expectShown(page, [PUBLIC_FREE, CUSTOMERS_FREE], 'known free only');

      await applyFilters(page, (dialog) => dialog.getByRole('switch', { name: 'Include unknown' }).check());
      await expectShown(page, [PUBLIC_FREE, CUSTOMERS_FREE, UNKNOWN_BOTH, PUBLIC_UNKNOWN_FEE], 'free or unknown fee, never paid');
      await page.getByText('Showing 4 of 4 · 2 unknown').waitFor();

      // 'Open to the public' instead of 'Free', 'Include unknown' still on.
      await applyFilters(page, async (dialog) => {
        await dialog.getByRole('checkbox', { name: 'Free' }).uncheck();
        await dialog.getByRole('checkbox', { name: 'Open to the public' }).check();
      });
      await page.getByRole('button', { name: 'Remove filter: Open to the public' }).waitFor();
      await expectShown(page, [PUBLIC_FREE, PUBLIC_UNKNOWN_FEE, UNKNOWN_BOTH, UNKNOWN_PAID], 'public or unknown access, never customers only or a key');
      await page.getByText('Showing 4 of 4 · 2 unknown').waitFor();

      await applyFilters(page, (dialog) => dialog.getByRole('switch', { name: 'Include unknown' }).uncheck());
      await expectShown(page, [PUBLIC_FREE, PUBLIC_UNKNOWN_FEE], 'known public only');

      // Both together, each with its own unknown.
      await applyFilters(page, async (dialog) => {
        await dialog.getByRole('checkbox', { name: 'Free' }).check();
        await dialog.getByRole('switch', { name: 'Include unknown' }).check();
      });
      await expectShown(page, [PUBLIC_FREE, PUBLIC_UNKNOWN_FEE, UNKNOWN_BOTH], 'free and public, unknown allowed for each');

      // Kept on the device: the next visit filters the same.
      await page.reload();
      await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
      await eventually(async () => sorted(await listedNames(page)), sorted([PUBLIC_FREE, PUBLIC_UNKNOWN_FEE, UNKNOWN_BOTH]), 'the same after a reload');
    } finally {
      await context.close();
    }
  });

  for (const { colorScheme, locale, listView, listName, filters, free, details, detailsFor } of [
    { colorScheme: 'light', locale: 'en-US', listView: 'List view', listName: 'Restrooms', filters: /^Filters/, free: 'Free', details: 'Free to use: unknown', detailsFor: 'Details for' },
    { colorScheme: 'dark', locale: 'es-US', listView: 'Ver lista', listName: 'Baños', filters: /^Filtros/, free: 'Gratis', details: 'De uso gratuito: sin datos', detailsFor: 'Detalles de' },
  ] as const) {
    it(`the Filters dialog and rows saying their fee pass axe, ${locale} ${colorScheme}`, async () => {
      const context = await newPhoneContext(browser, { colorScheme, locale });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/bathrooms`);
        await page.getByRole('button', { name: listView }).click();
        await eventually(async () => (await listedNames(page, listName)).length, TOILETS.length, 'every toilet is listed');
        await page.getByRole('article', { name: CUSTOMERS_FREE }).getByText(free, { exact: true }).waitFor();
        await expectNoViolations(page, `rows with a known fee, ${locale} ${colorScheme}`);

        // Expanded, a row of unknown fee says so quietly.
        const unknown = page.getByRole('article', { name: UNKNOWN_BOTH });
        await unknown.getByRole('button', { name: `${detailsFor} ${UNKNOWN_BOTH}` }).click();
        await unknown.getByText(details, { exact: true }).waitFor();
        await expectNoViolations(page, `an expanded row of unknown fee, ${locale} ${colorScheme}`);

        await page.getByRole('button', { name: filters }).click();
        const dialog = page.getByRole('dialog', { name: filters });
        await dialog.getByRole('checkbox', { name: free }).check();
        await dialog.getByRole('switch').check();
        await expectNoViolations(page, `the Filters dialog, ${locale} ${colorScheme}`);
      } finally {
        await context.close();
      }
    });
  }
});
