import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoViolations } from './support/axe.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext } from './support/browser.js';
import { catalogText, inEither } from './support/catalog-text.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { eventually, nearestRestroom, signIn, signUp, writeAs } from './support/server-api.js';

/*
 * axe-core's WCAG 2.1 A and AA rules (colour contrast included) on every screen, dialog and admin
 * table, in the light and the dark theme and in English and Spanish: one phone per theme and
 * language (see PHONES), walking the screens in turn. The language comes from the browser's (the context's
 * locale); the theme from the operating system, from a choice kept on the device, or from the
 * drawer's own setting, so each of those ways is walked once. Controls are found by their English
 * name or the Spanish catalog's for the same message (inEither), so the walk holds in both.
 */

type Theme = 'light' | 'dark';
type Lang = 'en' | 'es';

/** How a phone comes to its theme. */
type ThemeBy = 'system' | 'stored' | 'drawer';

const EVERY_PHONE: Array<{ lang: Lang; locale: string; theme: Theme; by: ThemeBy }> = [
  { lang: 'en', locale: 'en-US', theme: 'dark', by: 'drawer' },
  { lang: 'es', locale: 'es-US', theme: 'light', by: 'stored' },
  { lang: 'en', locale: 'en-US', theme: 'light', by: 'system' },
  { lang: 'es', locale: 'es-US', theme: 'dark', by: 'system' },
];

/*
 * The first two phones already put every screen through axe in both themes and both languages (and
 * accessibility.e2e.ts walks English in light); each phone takes a minute or more, so the suite walks
 * those two and AXE_EVERY_PHONE=1 walks all four combinations.
 */
const PHONES = process.env.AXE_EVERY_PHONE === '1' ? EVERY_PHONE : EVERY_PHONE.slice(0, 2);

/** The page's background in each theme (base.css --bg), proof that the theme's tokens are in force. */
const BACKGROUNDS: Record<Theme, string> = { light: 'rgb(246, 247, 251)', dark: 'rgb(18, 20, 28)' };

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;
let restroom: { id: string; name: string };

before(async () => {
  tiles = await startFakeTileServer();
  server = await startAppServer({ TILE_URL: tiles.template, GEOCODER_URL: 'http://127.0.0.1:9' });
  browser = await launchChromium();
  restroom = await nearestRestroom(server);
  // Something in the admin queues, so their rows, the flag review and a confirmation are checked too.
  const adder = await browser.newContext();
  await signUp(adder, server);
  await writeAs(adder, server, 'POST', '/api/bathrooms', {
    bathroomToAdd: {
      name: 'Spyhouse Coffee Northeast',
      formatted_address: '945 Broadway St NE, Minneapolis, MN 55413',
      accessible: true,
      access: 'customers',
      unisex: true,
      changing_table: false,
      single_stall: true,
      latitude: 44.9998,
      longitude: -93.2487,
      comment: 'Ask at the counter for the code.',
      commentForAdmin: 'I work there.',
    },
    bathroomHours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 1800 })),
  });
  await writeAs(adder, server, 'POST', '/api/flags', {
    restroom_id: restroom.id,
    name: `${restroom.name} (second floor)`,
    street: '300 Nicollet Mall',
    city: 'Minneapolis',
    state: 'MN',
    accessible: true,
    changing_table: true,
    unisex: true,
    menstrual_products: null,
    is_single_stall: false,
    other: 'The door sticks.',
    is_closed: false,
  });
  await writeAs(adder, server, 'POST', '/api/contact', { details: 'The Spyhouse restroom has a new code.' });
  await adder.close();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.stop();
});

const newPhone = (locale: string, colorScheme: Theme): Promise<BrowserContext> => newPhoneContext(browser, { locale, colorScheme });

/** Keeps a theme choice on the device before the app starts, as an earlier visit would have. */
async function keepThemeOnDevice(context: BrowserContext, choice: 'system' | 'light' | 'dark'): Promise<void> {
  await context.addInitScript((value) => {
    if (!localStorage.getItem('allstall:theme')) localStorage.setItem('allstall:theme', JSON.stringify({ version: 1, value }));
  }, choice);
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** Checks the screen is in the phone's language and theme, then runs axe over it. */
async function check(page: Page, lang: Lang, theme: Theme, what: string): Promise<void> {
  const seen = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  assert.deepEqual(seen, { lang, theme, background: BACKGROUNDS[theme] }, `${what}: language and theme`);
  await expectNoViolations(page, `${what} (${lang}, ${theme})`);
}

/** Opens `path` and waits for its main heading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Opens the drawer from the top bar; returns it open. */
async function openDrawer(page: Page) {
  await page.locator('.top-bar').getByRole('button', { name: inEither('Menu') }).click();
  const drawer = page.locator('dialog.nav-drawer[open]');
  await drawer.waitFor();
  // Its line on what the device holds is read as it opens: checked with the rest.
  await drawer.locator('.device-storage').waitFor();
  return drawer;
}

/** Opens a restroom dialog from the detail page's actions (0: I peed here!, 1: Something not look right?). */
async function openRestroomDialog(page: Page, which: 0 | 1): Promise<void> {
  await page.locator('.restroom-actions > button').nth(which).click();
  await page.getByRole('dialog').first().waitFor();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
}

/** Opens the popup of a restroom pin (not a cluster) lying wholly inside the map on screen. */
async function openPinPopup(page: Page): Promise<void> {
  const index = await page.evaluate(() => {
    const map = document.querySelector('.restroom-map__canvas')?.getBoundingClientRect();
    const pins = [...document.querySelectorAll('.restroom-map .map-pin')];
    return pins.findIndex((pin) => {
      const box = pin.getBoundingClientRect();
      return map !== undefined && box.left > map.left + 20 && box.right < map.right - 60 && box.top > map.top + 20 && box.bottom < map.bottom - 60;
    });
  });
  assert.ok(index >= 0, 'a restroom pin inside the map');
  await page.locator('.restroom-map .map-pin').nth(index).click();
  await page.locator('.restroom-map .leaflet-popup').waitFor();
}

/** Waits until an admin queue's panel has shown its rows or said it has none. */
async function queueShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const panel = document.querySelector('[role="tabpanel"]');
    return panel !== null && panel.querySelector('.spinner') === null && (panel.textContent ?? '').trim() !== '';
  });
}

describe('every screen passes axe in light and dark, English and Spanish', () => {
  for (const { lang, locale, theme, by } of PHONES) {
    it(`every screen, ${lang} ${theme} (theme from the ${by})`, async () => {
      const context = await newPhone(locale, by === 'system' ? theme : by === 'stored' ? (theme === 'dark' ? 'light' : 'dark') : 'light');
      if (by === 'stored') await keepThemeOnDevice(context, theme);
      const page = await context.newPage();
      try {
        // The first visit fills the device's copy of the restrooms; the list and the map read it.
        await page.goto(`${server.url}/bathrooms`);
        await page.getByText(/\b606\b/).first().waitFor();
        if (by === 'drawer') {
          const drawer = await openDrawer(page);
          await drawer.getByRole('combobox', { name: catalogText(lang, 'settings.theme') }).selectOption({ label: catalogText(lang, 'settings.themeDark') });
          await eventually(() => themeOf(page), theme, 'the theme chosen in the drawer');
          await check(page, lang, theme, 'the drawer');
          await closeDialog(page);
        } else {
          await openDrawer(page);
          await check(page, lang, theme, 'the drawer');
          await closeDialog(page);
        }

        await page.locator('.restroom-map .leaflet-marker-icon').first().waitFor();
        await check(page, lang, theme, '/bathrooms (map)');
        await openPinPopup(page);
        await check(page, lang, theme, "a restroom's popup on the map");
        await page.getByRole('button', { name: inEither('List view') }).click();
        await page.getByRole('heading', { level: 2, name: restroom.name }).first().waitFor();
        await check(page, lang, theme, '/bathrooms (list)');

        await open(page, `/bathrooms/${restroom.id}`);
        await check(page, lang, theme, '/bathrooms/:id');
        await open(page, '/about');
        await check(page, lang, theme, '/about');
        await open(page, '/minnedemo');
        await page.locator('.qr-page__code img').waitFor();
        await check(page, lang, theme, '/minnedemo (QR code)');
        await open(page, '/login');
        await check(page, lang, theme, '/login');
        await open(page, '/registration');
        await check(page, lang, theme, '/registration');
        await open(page, '/no/such/page');
        await check(page, lang, theme, 'not found');

        // Signed in as the admin: the screens and dialogs that need an account, then the admin's own.
        await signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);
        await open(page, `/bathrooms/${restroom.id}`);
        await openRestroomDialog(page, 0);
        await check(page, lang, theme, 'the feedback dialog');
        await closeDialog(page);
        await openRestroomDialog(page, 1);
        await check(page, lang, theme, 'the suggest changes dialog');
        await closeDialog(page);

        await open(page, '/addbathroom');
        await page.locator('.address-combobox__field input').waitFor();
        await check(page, lang, theme, '/addbathroom');
        // The geocoder is down here: 'Add it by hand' opens 'Add more info here:', hours and all.
        await page.locator('.address-combobox__field input').fill('Spyhouse Coffee');
        await page.getByRole('button', { name: inEither('Search address') }).click();
        await page.getByRole('button', { name: inEither('Add it by hand') }).click();
        await page.getByRole('dialog').first().waitFor();
        await page.getByRole('checkbox', { name: inEither('Hours unknown') }).uncheck();
        await page.getByRole('checkbox', { name: inEither('Same hours every day') }).uncheck();
        await check(page, lang, theme, 'the add restroom dialog');
        await closeDialog(page);
        await open(page, '/user');
        await check(page, lang, theme, '/user (profile)');
        await open(page, '/contact');
        await check(page, lang, theme, '/contact');

        await open(page, '/admin');
        const tabs = page.getByRole('tab');
        const tabCount = await tabs.count();
        assert.ok(tabCount >= 4, `the admin queues have their tabs (saw ${tabCount})`);
        for (let index = 0; index < tabCount; index++) {
          await tabs.nth(index).click();
          await queueShown(page);
          await check(page, lang, theme, `/admin (tab ${index + 1})`);
        }
        // A delete confirmation naming its restroom, and the flag review with its two sides.
        await tabs.nth(0).click();
        await queueShown(page);
        await page.locator('[role="tabpanel"] table .button--danger').first().click();
        await page.getByRole('alertdialog').waitFor();
        await check(page, lang, theme, 'a delete confirmation');
        await page.keyboard.press('Escape');
        await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
        await tabs.nth(1).click();
        await queueShown(page);
        await page.locator('[role="tabpanel"] table button').first().click();
        await page.getByRole('dialog').locator('h3').first().waitFor();
        await check(page, lang, theme, 'the flag review');
        await closeDialog(page);
        await open(page, '/admin/editbathrooms');
        await page.getByRole('button', { name: inEither('Load all bathrooms') }).click();
        await page.locator('main table').first().waitFor();
        await check(page, lang, theme, '/admin/editbathrooms');
        await open(page, '/admin/contact');
        await check(page, lang, theme, '/admin/contact');
        await open(page, '/admin/addbathrooms');
        await check(page, lang, theme, '/admin/addbathrooms (import)');
        await open(page, '/api');
        await check(page, lang, theme, '/api (API tools)');
      } finally {
        await context.close();
      }
    });
  }
});

describe('the theme choice', () => {
  it('follows the system live while on System, and a choice in the drawer is kept after a reload', async () => {
    const context = await newPhone('en-US', 'light');
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/bathrooms`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await themeOf(page), 'light');

      // The operating system turns dark: the app follows without a reload, its top bar colour too.
      await page.emulateMedia({ colorScheme: 'dark' });
      await eventually(() => themeOf(page), 'dark', 'the theme after the system turned dark');
      assert.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), '#232b52');

      // Light chosen in the drawer wins over the dark system, and is still the choice after a reload.
      const drawer = await openDrawer(page);
      const setting = drawer.getByRole('combobox', { name: 'Theme' });
      assert.equal(await setting.inputValue(), 'system');
      await setting.selectOption({ label: 'Light' });
      await eventually(() => themeOf(page), 'light', 'the theme after choosing Light');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await themeOf(page), 'light');
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), BACKGROUNDS.light);
      assert.equal(await (await openDrawer(page)).getByRole('combobox', { name: 'Theme' }).inputValue(), 'light');

      // Back to System: dark again, as the system still is.
      await page.locator('dialog.nav-drawer[open]').getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'System' });
      await eventually(() => themeOf(page), 'dark', 'the theme after choosing System again');
    } finally {
      await context.close();
    }
  });
});
