import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext } from './support/browser.js';
import { say } from './support/catalog-text.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { nearestRestroom, TEST_PASSWORD } from './support/server-api.js';

/*
 * The rough edges a walk through the app found (issue 26), end to end in the production build:
 * registering from 'I peed here!' comes back to the restroom with the feedback dialog open, as
 * logging in does; and the main screens load in English and in Spanish with no Lingui warning of an
 * uncompiled message and no page error, saying the list origin, the source credit and the footer's
 * author in the language and with the name they should.
 */

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;
let restroom: { id: string; name: string };

before(async () => {
  // Map tiles from a local server: the real ones are out of reach here, and their failures would be console errors.
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

const restroomUrl = () => `${server.url}/bathrooms/${restroom.id}`;
let accounts = 0;
const newUsername = () => `newcomer${Date.now()}${(accounts += 1)}`;

/** A guest on the restroom's page, the 'Hey, stranger.' prompt open from 'I peed here!'. */
async function guestAskedToLogIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(restroomUrl());
  await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
  await page.getByRole('button', { name: 'I peed here!' }).click();
  await page.getByRole('dialog', { name: 'Hey, stranger.' }).waitFor();
  return page;
}

/** Fills the registration form with a new account and sends it. */
async function register(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Register' }).waitFor();
  await page.getByLabel('Username').fill(newUsername());
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
}

/** Back on the restroom, signed in, with the feedback dialog open and ready to use. */
async function backWithFeedbackOpen(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'How was your experience?' });
  await dialog.waitFor();
  assert.equal(new URL(page.url()).pathname, `/bathrooms/${restroom.id}`);
  await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
  await dialog.getByRole('button', { name: 'Thumbs up' }).click();
  assert.equal(await dialog.getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed'), 'true');
}

describe('registering from I peed here!', () => {
  it("offers 'Register' beside 'Log in', and registering returns to the restroom with the feedback dialog open", async () => {
    const context = await newPhoneContext(browser);
    const page = await guestAskedToLogIn(context);
    const prompt = page.getByRole('dialog', { name: 'Hey, stranger.' });
    await prompt.getByRole('link', { name: 'Log in' }).waitFor();
    await prompt.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/registration$/);
    await register(page);
    await backWithFeedbackOpen(page);

    // Once only: a reload shows the restroom without opening the dialog again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
    await page.getByRole('button', { name: 'I peed here!' }).waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'How was your experience?' }).count(), 0);
    await context.close();
  });

  it("returns the same way through the login page's own link to registration", async () => {
    const context = await newPhoneContext(browser);
    const page = await guestAskedToLogIn(context);
    await page.getByRole('dialog', { name: 'Hey, stranger.' }).getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/registration$/);
    await register(page);
    await backWithFeedbackOpen(page);
    await context.close();
  });
});

/** Everything the page says that a person (or a developer) would call a fault. */
function watchForFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on('pageerror', (error) => faults.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Uncompiled message')) faults.push(`${message.type()}: ${text.split('\n').slice(0, 3).join(' ')}`);
    else if (message.type() === 'error') {
      // A guest's /api/user answers 401: that is how the app learns nobody is signed in.
      const guestCheck = text.includes('401') && new URL(message.location().url || server.url).pathname === '/api/user';
      if (!guestCheck) faults.push(`console error: ${text} (${message.location().url})`);
    }
  });
  return faults;
}

const year = String(new Date().getFullYear());

for (const lang of ['en', 'es'] as const) {
  describe(`the main screens in ${lang === 'en' ? 'English' : 'Spanish'}`, () => {
    it('load with every message compiled and no page error, naming the origin, the credit and the author rightly', async () => {
      const context = await newPhoneContext(browser, lang === 'es' ? { locale: 'es-US' } : {});
      const page = await context.newPage();
      const faults = watchForFaults(page);
      const screens: Array<[string, () => Promise<void>]> = [
        [
          '/bathrooms',
          async () => {
            await page.getByRole('heading', { level: 1, name: say(lang, 'list.heading') }).waitFor();
            const origin = say(lang, 'list.closestTo', { origin: lang === 'en' ? 'downtown Minneapolis' : 'el centro de Minneapolis' });
            await page.getByText(origin).waitFor({ state: 'attached' });
            await page.getByRole('button', { name: say(lang, 'list.listView') }).click();
            await page.getByRole('heading', { level: 2, name: restroom.name }).first().waitFor();
          },
        ],
        [
          `/bathrooms/${restroom.id}`,
          async () => {
            await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
            const credit = lang === 'en' ? 'Listing from Refuge Restrooms contributors, shared under CC BY-SA 4.0.' : 'Datos de la comunidad de Refuge Restrooms, con licencia CC BY-SA 4.0.';
            await page.getByText(credit).waitFor();
          },
        ],
        ['/addbathroom', () => page.getByRole('dialog', { name: say(lang, 'writes.loginPrompt.title') }).waitFor()],
        ['/about', () => page.getByRole('heading', { level: 1, name: say(lang, 'about.heading') }).waitFor()],
        ['/login', () => page.getByRole('button', { name: say(lang, 'writes.logIn') }).waitFor()],
        ['/registration', () => page.getByRole('button', { name: say(lang, 'writes.account.register') }).waitFor()],
      ];
      for (const [path, shown] of screens) {
        await page.goto(`${server.url}${path}`);
        await shown();
        await page.waitForLoadState('networkidle');
        // The footer names the configured author, never the product in its stead.
        await page.getByRole('contentinfo').getByText(`© ${year} E2E Author`).waitFor();
      }
      // The drawer says the pages' own titles.
      await page.goto(`${server.url}/about`);
      await page.locator('.top-bar').getByRole('button', { name: say(lang, 'nav.menu') }).click();
      const drawer = page.locator('dialog.nav-drawer[open]');
      await drawer.getByRole('link', { name: say(lang, 'list.heading'), exact: true }).waitFor();
      if (lang === 'es') await drawer.getByRole('link', { name: say(lang, 'writes.add.title'), exact: true }).waitFor();
      assert.deepEqual(faults, []);
      await context.close();
    });
  });
}
