import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startFakePhoton, SPYHOUSE_COFFEE, type FakeService } from '../../api/test/fakes/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium } from './support/browser.js';
import { demoNearestTo } from './support/demo-data.js';
import { eventually } from './support/server-api.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';

/*
 * What a person sees of the map, measured in the page: pins inside the map's box after the app
 * moves the map, and a restroom's popup inside the map with its buttons clear of the map's controls.
 * The geocoder and the tile server are fakes on 127.0.0.1; the app is the production build.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Macalester College in Saint Paul, about 8 km from where the map starts downtown. */
const MACALESTER = { lat: 44.9399, lng: -93.1695 };
/** Restrooms this close to the map's centre are well inside even a phone's map at zoom 15 (0.37 mi to its side edges). */
const CLOSE_MILES = 0.3;
const WAIT = { timeout: 30_000 };

let server: AppServer;
let photon: FakeService;
let tiles: FakeTileServer;
let browser: Browser;

before(async () => {
  [photon, tiles] = await Promise.all([startFakePhoton(), startFakeTileServer()]);
  server = await startAppServer({ GEOCODER: 'photon', GEOCODER_URL: photon.url, TILE_URL: tiles.template });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([photon?.stop(), tiles?.stop()]);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Marker {
  name: string;
  box: Box;
  /** A restroom pin stands for one restroom, a cluster for its count. */
  restrooms: number;
}

/** The map view of /bathrooms with the restrooms saved on the device and their pins drawn. */
async function openMap(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(/606 restrooms saved on this device/i).waitFor(WAIT);
  await page.locator('.leaflet-marker-icon[role="button"]').first().waitFor(WAIT);
  await showWholeMap(page);
  return page;
}

/** Scrolls the page so the whole map is on screen, as a person would to use it (on a short desktop screen it may reach below the fold). */
async function showWholeMap(page: Page): Promise<void> {
  await mapRegion(page).evaluate((map) => map.scrollIntoView({ block: 'end' }));
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of restrooms' });

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is on the page');
  return box;
}

/** The restroom pins and clusters whose middle is inside the map's box, as the page lays them out now. */
async function markersInView(page: Page): Promise<Marker[]> {
  return page.evaluate(() => {
    const map = document.querySelector('.restroom-map__canvas')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon[role="button"]')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      if (x < map.left || x > map.right || y < map.top || y > map.bottom) return [];
      const name = element.getAttribute('aria-label') ?? '';
      const cluster = /^(\d+) restrooms here/.exec(name);
      return [{ name, box: { x: box.x, y: box.y, width: box.width, height: box.height }, restrooms: cluster ? Number(cluster[1]) : 1 }];
    });
  });
}

/** How many demo restrooms lie within CLOSE_MILES of a point, computed from the seed file, not by the app. */
function closeDemoRestrooms(at: { lat: number; lng: number }): number {
  return demoNearestTo(at, 50).filter((restroom) => restroom.distance <= CLOSE_MILES).length;
}

/**
 * Waits (without touching the map) until the pins in view stand for at least `expected` restrooms,
 * and none of the named ones is further than the map can show around its centre.
 */
async function waitForPinsAround(page: Page, expected: number, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let seen: Marker[] = [];
  while (Date.now() < deadline) {
    seen = await markersInView(page);
    if (seen.reduce((sum, marker) => sum + marker.restrooms, 0) >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const counted = seen.reduce((sum, marker) => sum + marker.restrooms, 0);
  assert.ok(counted >= expected, `${what}: pins in the map's box stand for ${counted} restrooms, expected at least ${expected} (${seen.map((m) => m.name).join('; ')})`);
  for (const { name } of seen) {
    const miles = /, ([\d.]+) mi$/.exec(name);
    if (miles) assert.ok(Number(miles[1]) < 1.5, `${what}: ${name} is in view, far from the new centre`);
  }
}

/** The box of a locator once it has stopped moving (Leaflet's autoPan animates the map). */
async function settledBox(locator: Locator): Promise<Box> {
  const deadline = Date.now() + 30_000;
  let last = JSON.stringify(await boxOf(locator));
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = JSON.stringify(await boxOf(locator));
    if (now === last) return JSON.parse(now) as Box;
    last = now;
  }
  throw new Error('the element kept moving for 30 s');
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const show = (box: Box) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;

/** Picks Spyhouse Coffee (north-east Minneapolis, over a screen away from downtown) in the address search. */
async function searchSpyhouse(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Enter an address' }).pressSequentially('Spyhouse', { delay: 40 });
  await page.getByRole('option', { name: /^Spyhouse Coffee\s*945 Broadway/ }).click();
  await page.getByText('Closest to Spyhouse Coffee first.').waitFor(WAIT);
  await mapRegion(page).getByRole('img', { name: /Spyhouse Coffee/ }).waitFor(WAIT);
  await showWholeMap(page);
}

/**
 * Drags the map, as a finger or mouse would, until the middle of a pin is within 10 px of a point.
 * Leaflet may glide on after a quick drag, so it measures again and drags the rest.
 */
async function dragPinTo(page: Page, pinName: string, target: { x: number; y: number }): Promise<void> {
  const pin = page.locator(`.leaflet-marker-icon[aria-label="${pinName}"]`);
  for (let drag = 0; drag < 10; drag++) {
    const box = await settledBox(pin);
    const [dx, dy] = [target.x - (box.x + box.width / 2), target.y - (box.y + box.height / 2)];
    if (Math.abs(dx) <= 10 && Math.abs(dy) <= 10) return;
    // A grip on bare map (no pin, control or popup) from which the whole drag stays on the map.
    const grip = await page.evaluate(([dx, dy]) => {
      const map = document.querySelector('.restroom-map__canvas')!.getBoundingClientRect();
      for (let x = map.left + 20; x < map.right - 20; x += 15) {
        for (let y = map.top + 20; y < map.bottom - 20; y += 15) {
          const [toX, toY] = [x + dx, y + dy];
          if (toX < map.left + 5 || toX > map.right - 5 || toY < map.top + 5 || toY > map.bottom - 5) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit?.closest('.restroom-map__canvas') && !hit.closest('.leaflet-marker-icon, .leaflet-control, .leaflet-popup')) return { x, y };
        }
      }
      return null;
    }, [dx, dy] as const);
    assert.ok(grip, `somewhere to drag the map from by ${Math.round(dx)},${Math.round(dy)}`);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x + dx, grip.y + dy, { steps: 12 });
    await page.mouse.up();
  }
  throw new Error(`${pinName} did not reach ${target.x},${target.y} in 10 drags`);
}

/** Whether a click at the middle of the element would reach it, and not something drawn over it. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** The markers in view whose middle a click reaches, i.e. not under a control or another pin. */
async function clickableMarkers(page: Page): Promise<Marker[]> {
  const clickable: Marker[] = [];
  for (const marker of await markersInView(page)) {
    if (await reachable(page.locator(`.leaflet-marker-icon[aria-label="${marker.name}"]`).first())) clickable.push(marker);
  }
  return clickable;
}

/**
 * Opens the popup of a restroom pin and checks what a person sees once the map has stopped moving:
 * the popup inside the map, clear of the zoom buttons and the attribution, its pin still showing,
 * and More info and Directions reached by a click on their middle. Returns whether it had hours.
 */
async function checkPopup(page: Page, pinName: string, where: string): Promise<boolean> {
  const pin = page.locator(`.leaflet-marker-icon[aria-label="${pinName}"]`);
  await pin.click();
  const restroom = pinName.replace(/, [\d.]+ mi$/, '');
  const dialog = page.getByRole('dialog', { name: restroom });
  await dialog.waitFor(WAIT);
  // The popup holding this card: Leaflet fades the one just closed out over 200 ms (its content
  // already gone), so on a busy machine the next pin's popup can open beside it for that moment.
  const popup = page.locator('.leaflet-popup').filter({ has: dialog });
  const popupBox = await settledBox(popup);
  // Once it has settled, it is the only popup: a person never has two open at once.
  await eventually(() => page.locator('.leaflet-popup').count(), 1, 'one popup on the map');
  const mapBox = await boxOf(mapRegion(page));
  const label = `${where}, ${restroom}`;

  assert.ok(inside(popupBox, mapBox), `${label}: popup ${show(popupBox)} inside the map ${show(mapBox)}`);
  for (const control of ['.leaflet-control-zoom', '.leaflet-control-attribution']) {
    const controlBox = await boxOf(page.locator(control));
    assert.ok(!overlap(popupBox, controlBox), `${label}: popup ${show(popupBox)} clear of ${control} ${show(controlBox)}`);
  }
  const pinBox = await boxOf(pin);
  assert.ok(inside(pinBox, mapBox), `${label}: its pin ${show(pinBox)} stays in the map`);
  assert.ok(await reachable(pin), `${label}: its pin is not hidden under the popup`);
  for (const name of ['More info', 'Directions']) {
    const link = dialog.getByRole('link', { name: new RegExp(`^${name}`) });
    assert.ok(await reachable(link), `${label}: a click on the middle of ${name} reaches it`);
  }
  const hadHours = (await dialog.locator('.hours-panel').count()) > 0;
  if (hadHours) {
    // The rest of the card scrolls inside the popup (a wheel over it scrolls it, not the map).
    const lastDay = dialog.locator('.hours-panel tr').last();
    const content = await boxOf(popup.locator('.leaflet-popup-content'));
    await page.mouse.move(content.x + content.width / 2, content.y + content.height / 3);
    await page.mouse.wheel(0, 2000);
    const deadline = Date.now() + 15_000;
    while (!(await reachable(lastDay)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(await reachable(lastDay), `${label}: the last day of the hours scrolls into view, above the pinned buttons`);
    for (const name of ['More info', 'Directions']) {
      assert.ok(await reachable(dialog.getByRole('link', { name: new RegExp(`^${name}`) })), `${label}: ${name} still in reach once scrolled`);
    }
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', ...WAIT });
  return hadHours;
}

describe('pins after the app moves the map', () => {
  it('draws the restrooms around a searched address at once, and again on coming back to the map', async () => {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
    const page = await openMap(context);
    const expected = closeDemoRestrooms(SPYHOUSE_COFFEE);
    assert.ok(expected >= 2, 'the demo data has restrooms close to Spyhouse Coffee');

    await searchSpyhouse(page);
    await waitForPinsAround(page, expected, 'after the address search');

    // Away from the map and back: it is drawn anew around the same address.
    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('.restroom-card h2').first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Map view' }).click();
    await mapRegion(page).getByRole('img', { name: /Spyhouse Coffee/ }).waitFor(WAIT);
    await showWholeMap(page);
    await waitForPinsAround(page, expected, 'back on the map');
    await context.close();
  });

  it('draws the restrooms around the person, from the start and again after "Use my location"', async () => {
    const context = await browser.newContext({
      viewport: DESKTOP,
      serviceWorkers: 'allow',
      geolocation: { latitude: MACALESTER.lat, longitude: MACALESTER.lng },
      permissions: ['geolocation'],
    });
    const near = closeDemoRestrooms(MACALESTER);
    assert.ok(near >= 2, 'the demo data has restrooms close to Macalester College');
    // Allowed before: the map follows the position as soon as it arrives, after it was drawn downtown.
    const page = await openMap(context);
    await mapRegion(page).getByRole('img', { name: 'Your location' }).waitFor(WAIT);
    await waitForPinsAround(page, near, 'once the position arrived');

    await searchSpyhouse(page);
    await waitForPinsAround(page, closeDemoRestrooms(SPYHOUSE_COFFEE), 'after the address search');

    await page.getByRole('button', { name: 'Use my location' }).click();
    await mapRegion(page).getByRole('img', { name: 'Your location' }).waitFor(WAIT);
    await showWholeMap(page);
    await waitForPinsAround(page, near, 'after "Use my location"');
    await context.close();
  });
});

describe("a restroom's popup", () => {
  it('fits inside a phone-sized map with More info and Directions in reach', async () => {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
    const page = await openMap(context);
    const checked = new Set<string>();
    let withHours = 0;
    // The pins of the view as it is after the last popup's autoPan, one not opened yet each time.
    for (let round = 0; round < 6; round++) {
      const pin = (await clickableMarkers(page)).find((marker) => marker.restrooms === 1 && !checked.has(marker.name));
      if (pin === undefined) break;
      checked.add(pin.name);
      if (await checkPopup(page, pin.name, 'phone')) withHours++;
    }
    assert.ok(checked.size >= 3, 'several restroom pins opened');
    assert.ok(withHours >= 1, 'at least one of the cards had its weekly hours, the tallest kind');
    await context.close();
  });

  it('stays clear of the zoom buttons on a desktop, for pins near the top-left and the bottom-right corners', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'allow' });
    const page = await openMap(context);
    const mapBox = await boxOf(mapRegion(page));
    const right = mapBox.x + mapBox.width;
    const bottom = mapBox.y + mapBox.height;
    const nearest = async (x: number, y: number) => {
      const pins = (await clickableMarkers(page)).filter((marker) => marker.restrooms === 1);
      const away = (pin: Marker) => Math.hypot(pin.box.x + pin.box.width / 2 - x, pin.box.y + pin.box.height / 2 - y);
      return pins.reduce((best, pin) => (away(pin) < away(best) ? pin : best)).name;
    };

    const topLeft = await nearest(mapBox.x, mapBox.y);
    await dragPinTo(page, topLeft, { x: mapBox.x + 40, y: mapBox.y + 40 });
    await checkPopup(page, topLeft, 'desktop, top left');

    // Left of the zoom buttons and just above the attribution: a popup opening upwards from there
    // reaches down beside the buttons, and, pushed in from the right edge, over them.
    const bottomRight = await nearest(right, bottom);
    await dragPinTo(page, bottomRight, { x: right - 100, y: bottom - 50 });
    await checkPopup(page, bottomRight, 'desktop, bottom right');
    await context.close();
  });
});
