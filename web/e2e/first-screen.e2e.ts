import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { E2E_WAIT_MS, launchChromium, newPhoneContext, PHONE_VIEWPORT } from './support/browser.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';

/*
 * The first screen of /bathrooms as a person sees it, measured in the page (issue 26): on a phone the
 * map fills the screen below the top bar with its controls, the search and the buttons on it, nothing
 * to scroll; the list view is no taller than what it shows; every map control and pin is big enough
 * to tap. The tile server is a fake on 127.0.0.1 (the attribution comes with its tiles); the app is
 * the production build.
 */

const SMALL_PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 800 };
/** The smallest tap target (WCAG 2.5.5 and the platforms' guidelines). */
const TAP = 44;

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  tiles = await startFakeTileServer();
  server = await startAppServer({ TILE_URL: tiles.template });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.stop();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Viewport = { width: number; height: number };

const show = (box: Box) => `${Math.round(box.x)},${Math.round(box.y)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`;

const insideViewport = (box: Box, viewport: Viewport) =>
  box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is laid out');
  return box;
}

/** /bathrooms as it first opens (the map view), once the restrooms are saved and the pins drawn. */
async function firstScreen(viewport: Viewport, locale = 'en-US'): Promise<Page> {
  const context = await newPhoneContext(browser, { viewport, locale });
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(locale === 'en-US' ? '606 restrooms saved on this device' : '606 baños guardados en este dispositivo').waitFor();
  await page.locator('.leaflet-marker-icon[role="button"]').first().waitFor();
  await page.locator('.leaflet-control-attribution a').first().waitFor();
  return page;
}

/** The box of a locator once it has stopped moving (Leaflet's autoPan animates the map to a popup). */
async function settledBox(locator: Locator): Promise<Box> {
  const deadline = Date.now() + E2E_WAIT_MS;
  let last = JSON.stringify(await boxOf(locator));
  while (Date.now() < deadline) {
    // Two frames apart: an animation moves it between them, a settled popup does not.
    await locator.page().waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    const now = JSON.stringify(await boxOf(locator));
    if (now === last) return JSON.parse(now) as Box;
    last = now;
  }
  throw new Error(`the element kept moving for ${E2E_WAIT_MS / 1000} s`);
}

const tappable = (box: Box) => box.width >= TAP - 0.5 && box.height >= TAP - 0.5;

async function assertVisibleOnScreen(page: Page, locator: Locator, what: string, viewport: Viewport): Promise<Box> {
  assert.ok(await locator.isVisible(), `${what} is visible`);
  const box = await boxOf(locator);
  assert.ok(insideViewport(box, viewport), `${what} (${show(box)}) is inside the ${viewport.width}×${viewport.height} screen`);
  return box;
}

/** The restroom pins and clusters whose middle is inside the map's box, with their boxes. */
async function markersInMap(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.evaluate(() => {
    const map = document.querySelector('.restroom-map')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon[role="button"]')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      if (x < map.left || x > map.right || y < map.top || y > map.bottom) return [];
      return [{ name: element.getAttribute('aria-label') ?? '', box: { x: box.x, y: box.y, width: box.width, height: box.height } }];
    });
  });
}

for (const viewport of [PHONE_VIEWPORT, SMALL_PHONE]) {
  const size = `${viewport.width}×${viewport.height}`;

  describe(`the first screen on a ${size} phone`, () => {
    it('is a map filling at least 70% of the screen, its zoom buttons and attribution on screen, with nothing to scroll', async () => {
      const page = await firstScreen(viewport);
      try {
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page opens at its top');
        const map = await boxOf(page.locator('.restroom-map'));
        assert.ok(insideViewport(map, viewport), `the map's box (${show(map)}) is inside the screen`);
        assert.ok(map.height >= 0.7 * viewport.height, `the map is ${Math.round(map.height)} px high, less than 70% of ${viewport.height}`);
        const zoom = await assertVisibleOnScreen(page, page.locator('.leaflet-control-zoom'), 'the zoom control', viewport);
        const attribution = await assertVisibleOnScreen(page, page.locator('.leaflet-control-attribution'), 'the attribution', viewport);
        for (const [what, box] of [['zoom control', zoom], ['attribution', attribution]] as const) {
          assert.ok(box.y >= map.y && box.y + box.height <= map.y + map.height + 0.5, `the ${what} is on the map`);
        }
        // Still a page with a heading and the origin line for screen readers, whatever is drawn.
        assert.ok(await page.getByRole('heading', { level: 1, name: 'Find a bathroom' }).count(), 'the heading is still there');
        assert.ok(await page.getByText('Closest to downtown Minneapolis first.').isVisible(), 'the origin line is shown');
      } finally {
        await page.context().close();
      }
    });

    it("has the search, 'Use my location', Filters and the list switch on that screen", async () => {
      const page = await firstScreen(viewport);
      try {
        await assertVisibleOnScreen(page, page.getByRole('combobox', { name: 'Enter an address' }), 'the search', viewport);
        await assertVisibleOnScreen(page, page.getByRole('button', { name: 'Use my location' }), "'Use my location'", viewport);
        await assertVisibleOnScreen(page, page.getByRole('button', { name: 'Filters' }), 'Filters', viewport);
        await assertVisibleOnScreen(page, page.getByRole('button', { name: 'List view' }), "'List view'", viewport);
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'nothing scrolled to reach them');
      } finally {
        await page.context().close();
      }
    });

    it('gives the zoom buttons, every pin and cluster, and a popup’s close button a tap box of at least 44×44, the pins pointing where they did', async () => {
      const page = await firstScreen(viewport);
      try {
        for (const name of ['Zoom in', 'Zoom out']) {
          const box = await boxOf(page.getByRole('button', { name, exact: true }));
          assert.ok(tappable(box), `${name} is ${show(box)}`);
        }
        const markers = await markersInMap(page);
        assert.ok(markers.length >= 5, `pins are drawn on the map (${markers.length})`);
        for (const { name, box } of markers) assert.ok(tappable(box), `${name}: ${show(box)}`);

        // The drawn pin's point (15, 29 of its 30 × 30 drawing) is where Leaflet put the marker's
        // position: its box's corner plus the icon's anchor, which Leaflet sets as negative margins.
        const misplaced = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.map-pin')].flatMap((pin) => {
            const box = pin.getBoundingClientRect();
            const style = getComputedStyle(pin);
            const at = { x: box.left - parseFloat(style.marginLeft), y: box.top - parseFloat(style.marginTop) };
            const drawing = pin.querySelector('svg')!.getBoundingClientRect();
            const tip = { x: drawing.left + (15 * drawing.width) / 30, y: drawing.top + (29 * drawing.height) / 30 };
            const off = Math.hypot(tip.x - at.x, tip.y - at.y);
            return off > 1 ? [`${pin.getAttribute('aria-label')}: ${off.toFixed(1)} px off`] : [];
          }),
        );
        assert.deepEqual(misplaced, [], 'every pin points at its restroom');

        // A pin in the open middle of the map, clear of what floats over its top and foot.
        const map = await boxOf(page.locator('.restroom-map'));
        const pin = (await markersInMap(page)).find(
          ({ name, box }) =>
            !/restrooms here/.test(name) &&
            box.y > map.y + 0.3 * map.height &&
            box.y + box.height < map.y + 0.75 * map.height &&
            box.x > map.x + 8 &&
            box.x + box.width < map.x + map.width - 64,
        );
        assert.ok(pin, 'a restroom pin is in the middle of the map');
        await page.mouse.click(pin.box.x + pin.box.width / 2, pin.box.y + pin.box.height / 2);
        const popup = page.getByRole('dialog', { name: pin.name.replace(/, [\d.]+ mi$/, '') });
        await popup.waitFor();
        const close = await settledBox(page.locator('.leaflet-popup').getByRole('button', { name: 'Close popup' }));
        assert.ok(tappable(close), `the popup's close button is ${show(close)}`);
        // On screen and below the search and buttons floating over the map's top, where a finger reaches it.
        const controls = await boxOf(page.locator('.home-controls'));
        assert.ok(insideViewport(close, viewport), `the popup's close button (${show(close)}) is on screen`);
        assert.ok(close.y >= controls.y + controls.height, `the popup's close button (${show(close)}) is below the floating controls (${show(controls)})`);
      } finally {
        await page.context().close();
      }
    });

    it('shows the list, by the switch, in a page no taller than what it shows', async () => {
      const page = await firstScreen(viewport);
      try {
        await page.getByRole('button', { name: 'List view' }).click();
        await page.getByRole('list', { name: 'Restrooms' }).waitFor();
        await page.getByRole('button', { name: 'Map view' }).waitFor();
        const { scrollHeight, contentBottom } = await page.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          // The footer is the page's last element: nothing a person can see lies below it.
          contentBottom: document.querySelector('.site-footer')!.getBoundingClientRect().bottom + window.scrollY,
        }));
        assert.ok(scrollHeight <= Math.ceil(contentBottom) + 1, `the page is ${scrollHeight} px tall, its content ends at ${Math.round(contentBottom)} px`);
      } finally {
        await page.context().close();
      }
    });
  });
}

describe('the first screen in Spanish on a 320×640 phone', () => {
  it("fits 'Usar mi ubicación', 'Filtros' and 'Ver lista' on screen, each on one line", async () => {
    const page = await firstScreen(SMALL_PHONE, 'es-US');
    try {
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      for (const name of ['Usar mi ubicación', 'Filtros', 'Ver lista']) {
        const box = await assertVisibleOnScreen(page, page.getByRole('button', { name }), `'${name}'`, SMALL_PHONE);
        // A button with its words on two lines is taller than the 44–48 px of one.
        assert.ok(box.height <= 48.5, `'${name}' is ${show(box)}: its words wrap`);
      }
    } finally {
      await page.context().close();
    }
  });
});

describe('the first screen on a desktop', () => {
  it('keeps the heading and controls above a map that fills the rest of the screen', async () => {
    const page = await firstScreen(DESKTOP);
    try {
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      assert.ok(await page.getByRole('heading', { level: 1, name: 'Find a bathroom' }).isVisible(), 'the heading is shown');
      const map = await boxOf(page.locator('.restroom-map'));
      assert.ok(insideViewport(map, DESKTOP), `the map's box (${show(map)}) is inside the screen`);
      assert.ok(map.y + map.height >= DESKTOP.height - 32, `the map reaches the screen's foot (${show(map)})`);
      await assertVisibleOnScreen(page, page.locator('.leaflet-control-zoom'), 'the zoom control', DESKTOP);
      await assertVisibleOnScreen(page, page.locator('.leaflet-control-attribution'), 'the attribution', DESKTOP);
    } finally {
      await page.context().close();
    }
  });
});
