import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_REGION, type BoundingBox } from '@allstall/shared';
import { startBulkOverpass, type BulkOverpass } from '../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { E2E_WAIT_MS, launchChromium } from './support/browser.js';
import { eventually, signIn } from './support/server-api.js';

/*
 * A national-scale import in the production build: an admin on /admin/addbathrooms loads 20,000
 * OpenStreetMap toilets (a fake Overpass that refuses tiles holding more than 2,000, so the server
 * cuts them in four), watches the counts rise, stops the run, resumes it, sees it finish with its
 * counts, and pages through the listings it read.
 */

const TOILETS = 20_000;

let overpass: BulkOverpass;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;

before(async () => {
  overpass = await startBulkOverpass({ box: DEFAULT_REGION.importBoxes[0] as BoundingBox, count: TOILETS, maxPerAnswer: 2000 });
  server = await startAppServer({
    DEMO_DATA: '0',
    OVERPASS_URL: overpass.url,
    GEOCODER_URL: 'http://127.0.0.1:9',
    IMPORT_REQUEST_INTERVAL_MS: '0',
    IMPORT_OSM_TILE_DEGREES: '0.05',
    // The snapshot checked at the end is of the set as it is then, not one built earlier.
    SNAPSHOT_MAX_AGE_SECONDS: '0',
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(E2E_WAIT_MS);
  await signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);
});

after(async () => {
  overpass?.release();
  await browser?.close();
  await server?.stop();
  await overpass?.stop();
});

/** The number after "Rows read" in the progress line; 0 before there is one. */
async function rowsRead(page: Page): Promise<number> {
  const text = (await page.locator('.import-run__counts').textContent({ timeout: 1000 }).catch(() => null)) ?? '';
  const match = /Rows read ([\d,]+)/.exec(text);
  return match === null ? 0 : Number(match[1]!.replace(/,/g, ''));
}

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  await eventually(condition, true, what, E2E_WAIT_MS);
}

describe('importing the whole region from OpenStreetMap', () => {
  it('shows the counts rise, stops, resumes, finishes with every toilet once, and pages the listings read', { timeout: 300_000 }, async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/addbathrooms`);
    const section = page.getByRole('region', { name: 'Import the whole region' });

    // A few tiles, then Overpass keeps the next one waiting: the counts stand still where the test can see them.
    overpass.holdAfter(2);
    await section.getByRole('button', { name: 'Import all from OpenStreetMap' }).click();
    await section.getByText('Importing from OpenStreetMap…').waitFor();
    await until('some rows read', async () => (await rowsRead(page)) > 0 && overpass.heldCount() > 0);
    const early = await rowsRead(page);
    assert.ok(early < TOILETS, `all ${TOILETS} were read before the first hold`);

    overpass.release();
    overpass.holdAfter(3);
    await until('more rows read', async () => (await rowsRead(page)) > early && overpass.heldCount() > 0);
    const progress = section.getByRole('progressbar', { name: 'Import progress' });
    assert.ok(Number(await progress.getAttribute('value')) > 0, 'the progress bar did not move');

    await section.getByRole('button', { name: 'Stop the import' }).click();
    await section.getByText('The import from OpenStreetMap is stopped.').waitFor();
    const stoppedAt = await rowsRead(page);
    assert.ok(stoppedAt > early && stoppedAt < TOILETS, `stopped at ${stoppedAt}`);
    overpass.release();

    await section.getByRole('button', { name: 'Resume the import' }).click();
    await section.getByText('The import from OpenStreetMap is finished.').waitFor();
    assert.equal(
      await section.locator('.import-run__counts').textContent(),
      'Rows read 20,000 · New 20,000 · Changed 0 · Unchanged 0 · Refused 0 · Outside the region 0',
    );
    assert.ok(overpass.refusedCount() >= 6, 'no tile was too big for Overpass, so none was cut in four');

    // The listings read, 50 a page from the server.
    const table = section.getByRole('region', { name: 'Listings read by this import (20,000)' });
    await table.waitFor();
    assert.equal(await table.getByRole('rowheader').count(), 50);
    const pager = section.getByRole('navigation', { name: 'Pages of listings read' });
    await pager.getByText('Page 1 of 400').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 400').waitFor();
    await until('the second page shown', async () => (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) === '51');
    assert.equal(await table.getByRole('rowheader').count(), 50);
    await expectNoViolations(page, 'The finished import with its listings');

    // Exactly one restroom per toilet: the public first-sync snapshot counts all 20,000 and no more.
    const response = await fetch(`${server.url}/api/sync/snapshot`);
    assert.equal(response.status, 200);
    const header = JSON.parse((await response.text()).split('\n', 1)[0]!) as { restrooms: number };
    assert.equal(header.restrooms, TOILETS, 'the public set does not hold exactly one restroom per toilet');
    await page.close();
  });
});
