import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext } from './support/browser.js';

/*
 * The About page's download links, clicked in a page the service worker controls: the worker must
 * let the navigation through to the server (which answers with the file as an attachment) instead
 * of answering it with the app shell, as it does every in-app address.
 */

let server: AppServer;
let browser: Browser;

before(async () => {
  server = await startAppServer();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the open-data downloads on the About page', () => {
  it('download the CSV and the GeoJSON from the server, every saved restroom in each, under the service worker', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`${server.url}/about`);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true, 'the About page is under the service worker');

    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()]);
      const path = await file.path();
      return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
    };

    const csv = await download('CSV');
    assert.match(csv.name, /^allstall-restrooms-\d+\.csv$/);
    const records = csv.text.split('\r\n').filter((line) => line !== '');
    assert.ok(records[0]?.startsWith('id,name,street,city,state,country,latitude,longitude,'), 'a CSV header, not the app shell');
    assert.equal(records.length, 1 + 606, 'a record for each of the 606 restrooms saved on the device');

    const geojson = await download('GeoJSON');
    assert.match(geojson.name, /^allstall-restrooms-\d+\.geojson$/);
    const collection = JSON.parse(geojson.text) as { type: string; licence: { id: string }; features: unknown[] };
    assert.equal(collection.type, 'FeatureCollection');
    assert.equal(collection.licence.id, 'ODbL-1.0');
    assert.equal(collection.features.length, 606);
    // The page is still the About page: the links downloaded, they did not navigate away.
    assert.equal(new URL(page.url()).pathname, '/about');
    await context.close();
  });
});
