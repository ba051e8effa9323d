import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, launchChromium, newPhoneContext } from './support/browser.js';
import { demoNearestToDefaultOrigin } from './support/demo-data.js';

const rowsOf = (page: Page) => page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem');

async function firstRows(page: Page, count: number): Promise<Array<{ name: string; distance: string }>> {
  const rows = rowsOf(page);
  await rows.nth(count - 1).waitFor();
  const result = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const name = (await row.getByRole('heading').first().textContent())?.trim() ?? '';
    const distance = (await row.getByText(/^\d+\.\d\d mi$/).first().textContent())?.trim() ?? '';
    result.push({ name, distance });
  }
  return result;
}

describe('reading restrooms, online and then with no network at all', () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  const expected = demoNearestToDefaultOrigin(6);

  before(async () => {
    server = await startAppServer();
    browser = await launchChromium();
    context = await newPhoneContext(browser);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo restrooms nearest the default origin, in order, with distances', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    // The map is the first view (docs/product-rules.md#views); the choice of the list is remembered on the device.
    await page.getByRole('button', { name: 'List view' }).click();
    const shown = await firstRows(page, 6);
    // The two nearest listings share one coordinate, so their order between themselves is free.
    assert.deepEqual(
      shown.slice(0, 2).map((r) => r.name).sort(),
      expected.slice(0, 2).map((r) => r.name).sort(),
    );
    assert.deepEqual(shown.slice(2).map((r) => r.name), expected.slice(2).map((r) => r.name));
    assert.deepEqual(
      shown.map((r) => r.distance),
      expected.map((r) => `${r.distance.toFixed(2)} mi`),
    );
    // The mirror is complete before we cut the network: every visible demo listing is stored.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
    await page.close();
  });

  it('reloads the list and opens a detail screen with every request aborted', async () => {
    const page = await context.newPage();
    const offline = await goOffline(context);
    await page.goto(`${server.url}/bathrooms`);
    const shown = await firstRows(page, 3);
    assert.deepEqual(shown.slice(2).map((r) => r.name), expected.slice(2, 3).map((r) => r.name));

    const third = rowsOf(page).nth(2);
    await third.getByRole('button', { name: `Details for ${expected[2]!.name}` }).click();
    await third.getByRole('link', { name: 'More info' }).click();
    await page.getByRole('heading', { level: 1, name: expected[2]!.name }).waitFor();
    assert.match(page.url(), /\/bathrooms\/[0-9a-f-]{36}$/);

    // A cold load of the detail URL itself is served by the service worker too.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: expected[2]!.name }).waitFor();
    assert.ok(offline.aborted() > 0, 'the app did try the network, and every request was refused');
    await page.close();
  });
});
