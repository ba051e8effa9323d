import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoViolations } from './support/axe.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext, watchCspViolations, type CspViolation } from './support/browser.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { nearestRestroom, signIn, signUp } from './support/server-api.js';

/*
 * axe-core's WCAG 2.1 A and AA rules on every screen a visitor or a signed-in person uses, in the
 * production build. A violation fails with axe's own description and the offending elements.
 * The same visit proves every screen runs whole under the server's Content-Security-Policy.
 */

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;
let restroom: { id: string; name: string };
const cspViolations: Array<() => CspViolation[]> = [];

/** A phone whose pages report anything the Content-Security-Policy refuses. */
async function watchedPhone(): Promise<BrowserContext> {
  const context = await newPhoneContext(browser);
  cspViolations.push(await watchCspViolations(context));
  return context;
}

before(async () => {
  tiles = await startFakeTileServer();
  server = await startAppServer({ TILE_URL: tiles.template, GEOCODER_URL: 'http://127.0.0.1:9' });
  browser = await launchChromium();
  restroom = await nearestRestroom(server);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.stop();
});

/** Opens `path` once the mirror is filled, and waits for its main heading. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    context = await watchedPhone();
    page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
  });

  after(async () => context?.close());

  it('finds nothing on /bathrooms in map view and in list view', async () => {
    await open(page, '/bathrooms', 'Find a bathroom');
    await page.getByRole('region', { name: 'Map of restrooms' }).waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await expectNoViolations(page, '/bathrooms (map)');

    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('heading', { level: 2, name: restroom.name }).first().waitFor();
    await expectNoViolations(page, '/bathrooms (list)');
  });

  it('finds nothing on a restroom, /about, /login, /registration, /minnedemo and the landing page', async () => {
    await open(page, `/bathrooms/${restroom.id}`, restroom.name);
    await expectNoViolations(page, '/bathrooms/:id');
    await open(page, '/about', 'Did you know?');
    await expectNoViolations(page, '/about');
    await open(page, '/login', 'Log in');
    await expectNoViolations(page, '/login');
    await open(page, '/registration', /register/i);
    await expectNoViolations(page, '/registration');
    await open(page, '/minnedemo', 'Scan to pee in peace');
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await expectNoViolations(page, '/minnedemo');
    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoViolations(page, '/home');
  });

  it('finds nothing on /addbathroom, /user and /contact for a signed-in person', async () => {
    await signUp(context, server);
    await open(page, '/addbathroom', /add a bathroom/i);
    await page.getByPlaceholder('Start typing an address or place name...').waitFor();
    await expectNoViolations(page, '/addbathroom');
    await open(page, '/user', /.+/);
    await expectNoViolations(page, '/user');
    await open(page, '/contact', /contact/i);
    await expectNoViolations(page, '/contact');
  });

  it('finds nothing on the admin screens', async () => {
    const admin = await watchedPhone();
    await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
    const adminPage = await admin.newPage();
    try {
      await adminPage.goto(`${server.url}/bathrooms`);
      await adminPage.getByText(/606 restrooms saved on this device/i).waitFor();
      for (const tab of ['Approve Bathrooms', 'Flagged Bathrooms', 'Feedback', 'Users']) {
        await open(adminPage, '/admin', /admin/i);
        await adminPage.getByRole('tab', { name: tab }).click();
        await adminPage.getByRole('tabpanel').getByRole('table').or(adminPage.getByRole('tabpanel').getByText(/no |nothing/i)).first().waitFor();
        await expectNoViolations(adminPage, `/admin (${tab})`);
      }
      await open(adminPage, '/admin/editbathrooms', /.+/);
      await adminPage.getByRole('button', { name: 'Load all bathrooms' }).click();
      await adminPage.getByRole('table', { name: 'All bathrooms' }).waitFor();
      await expectNoViolations(adminPage, '/admin/editbathrooms');
      await open(adminPage, '/admin/contact', 'User Contact Details');
      await expectNoViolations(adminPage, '/admin/contact');
      await open(adminPage, '/admin/addbathrooms', /.+/);
      await expectNoViolations(adminPage, '/admin/addbathrooms');
      await open(adminPage, '/api', /.+/);
      await expectNoViolations(adminPage, '/api');
    } finally {
      await admin.close();
    }
  });

  it('and no screen had anything refused by the Content-Security-Policy', () => {
    assert.deepEqual(
      cspViolations.flatMap((violations) => violations()),
      [],
    );
  });
});
