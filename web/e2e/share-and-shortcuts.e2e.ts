import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  addressLine,
  DEFAULT_REGION,
  hoursIsOpenAt,
  nearestRestrooms,
  restroomTimeZone,
  walkingTime,
  type LatLng,
  type Restroom,
} from '@allstall/shared';
import { startAppServer, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import { catalogText } from './support/catalog-text.js';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.js';
import { eventually, nearestRestroom } from './support/server-api.js';

/*
 * Issue 29's Share button, shared links and home-screen shortcuts, end to end in the production
 * build with the demo restrooms (docs/product-rules.md#restroom-detail, #links-for-one-visit): the
 * share sheet is handed the restroom's name, address and link; without one 'Copy link' puts the link
 * on the real clipboard and says so (axe clean in both themes and languages); a shared link opened
 * on a new phone shows the restroom while its first sync is held back; and the manifest's 'Nearest
 * open now' shortcut lists the open restrooms nearest the phone, with walking minutes, online and
 * offline, leaving the filters kept on the phone as they were.
 */

let server: AppServer;
let browser: Browser;
/** Every restroom the server shows, as its api lists them. */
let restrooms: Restroom[];

before(async () => {
  server = await startAppServer();
  browser = await launchChromium();
  restrooms = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Restroom[];
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** How much of a piece reaches the device before the rest is held: a few rows' worth. */
const FIRST_PIECE_BYTES = 2048;

/**
 * A proxy in front of the app server for a first sync under way: the index and each piece's first
 * bytes go through, so the device starts its first sync (and clears its mirror for it), and the rest is held
 * until released. A restroom's own answer waits until that first piece has gone, so it lands in the
 * middle of the first sync, as on a slow phone. Everything else passes.
 */
async function startSnapshotHolder(targetUrl: string): Promise<LoopbackProxy & { started: () => boolean; release: () => void }> {
  let started = false;
  let released = false;
  const afterStart: Array<() => void> = [];
  const afterRelease: Array<() => void> = [];
  const proxy = await startLoopbackProxy(targetUrl, (incoming: IncomingMessage, answer: IncomingMessage, outgoing: ServerResponse) => {
    const path = incoming.url ?? '';
    if (path.startsWith('/api/sync/pieces/')) {
      answer.once('data', (chunk: Buffer) => {
        answer.pause();
        // A demo piece may come in one chunk: only its first bytes go, the rest waits with the body.
        outgoing.write(chunk.subarray(0, FIRST_PIECE_BYTES));
        started = true;
        afterStart.splice(0).forEach((send) => send());
        const rest = () => {
          outgoing.write(chunk.subarray(FIRST_PIECE_BYTES));
          answer.pipe(outgoing);
        };
        if (released) rest();
        else afterRelease.push(rest);
      });
      return;
    }
    if (/^\/api\/bathrooms\/[^/?]+$/.test(path) && !started) {
      answer.pause();
      afterStart.push(() => answer.pipe(outgoing));
      return;
    }
    answer.pipe(outgoing);
  });
  return {
    ...proxy,
    started: () => started,
    release: () => {
      released = true;
      afterRelease.splice(0).forEach((send) => send());
    },
  };
}

function restroomNamed(name: string): Restroom {
  const restroom = restrooms.find((row) => row.name === name);
  assert.ok(restroom, `${name} is on the server`);
  return restroom;
}

/** What the page's share sheet was handed, recorded by the init script of `withShareSheet`. */
async function sharedWith(page: Page): Promise<ShareData[]> {
  return page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
}

async function withShareSheet(context: BrowserContext): Promise<void> {
  // As text: a function passed here would be sent as the test's compiled source, whose helpers
  // (esbuild's __name) the page does not have.
  await context.addInitScript({
    content: `
      window.__shared = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: function share(data) {
          window.__shared.push({ title: data.title, text: data.text, url: data.url });
          return Promise.resolve();
        },
      });
    `,
  });
}

/** A browser with no share sheet, as most desktops are. */
async function withoutShareSheet(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: `delete Navigator.prototype.share;` });
}

/** The nearest restroom to downtown with opening hours, so its page shows the open badge beside the distance. */
async function restroomWithHours(server: AppServer): Promise<{ id: string; name: string }> {
  const { lat, lng } = DEFAULT_REGION.listOrigin;
  const response = await fetch(`${server.url}/api/bathrooms/nearby?lat=${lat}&lng=${lng}&limit=50`);
  const restroom = ((await response.json()) as Array<{ id: string; name: string; hours: unknown }>).find((row) => row.hours !== null);
  if (!restroom) throw new Error('no restroom with hours near downtown in the demo database');
  return restroom;
}

describe('Share a restroom', () => {
  it('hands the share sheet the restroom’s name, a line with its name and address, and its link', async () => {
    const { id, name } = await nearestRestroom(server);
    const context = await newPhoneContext(browser);
    try {
      await withShareSheet(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await eventually(async () => (await sharedWith(page)).length, 1, 'the share sheet opened once');
      assert.deepEqual(await sharedWith(page), [
        { title: name, text: `Restroom: ${name}, ${addressLine(restroomNamed(name), DEFAULT_REGION)}`, url: `${server.url}/bathrooms/${id}` },
      ]);
      assert.equal(await page.getByRole('status').filter({ hasText: 'Link copied' }).count(), 0, 'a share says nothing of its own');
    } finally {
      await context.close();
    }
  });

  for (const { locale, colorScheme, lang, width } of [
    { locale: 'en-US', colorScheme: 'light', lang: 'en', width: 390 },
    { locale: 'en-US', colorScheme: 'dark', lang: 'en', width: 320 },
    { locale: 'es-US', colorScheme: 'light', lang: 'es', width: 390 },
    { locale: 'es-US', colorScheme: 'dark', lang: 'es', width: 320 },
  ] as const) {
    it(`without a share sheet, copies the link to the clipboard and says so, axe clean (${locale}, ${colorScheme}, ${width} px)`, async () => {
      const { id, name } = await restroomWithHours(server);
      const context = await newPhoneContext(browser, { locale, colorScheme, viewport: { width, height: 740 } });
      try {
        await context.grantPermissions(['clipboard-read', 'clipboard-write', 'geolocation'], { origin: server.url });
        // Miles away, so the page shows the longest distance line it has: '2.58 mi away · 52 min walk' beside the open badge.
        await context.setGeolocation({ latitude: 44.95, longitude: -93.22 });
        await withoutShareSheet(context);
        const page = await context.newPage();
        await page.goto(`${server.url}/bathrooms/${id}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.locator('.restroom-detail__glance .walking-time').waitFor();
        await page.locator('.restroom-detail__glance .open-badge').waitFor();
        const overhanging = await page.evaluate(() =>
          [...document.querySelectorAll('.restroom-detail__glance *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .map((element) => element.textContent),
        );
        assert.deepEqual(overhanging, [], `the distance, walking time and open badge fit ${width} px`);
        await page.getByRole('button', { name: catalogText(lang, 'share.copyLink'), exact: true }).click();
        await page.getByRole('status').filter({ hasText: catalogText(lang, 'share.copied') }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${server.url}/bathrooms/${id}`);
        await expectNoViolations(page, `The detail page with 'Link copied', ${locale} ${colorScheme}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('A shared link on a phone that never had the app', () => {
  it('shows the restroom from the api while the first sync is held back, then the app carries on', async () => {
    const { id, name } = await nearestRestroom(server);
    const holder = await startSnapshotHolder(server.url);
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${holder.url}/bathrooms/${id}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      assert.equal(holder.started(), true, 'the first sync had begun, and is not over');
      // Further on in the app's start (its service worker in control), the snapshot still held: still shown.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      assert.equal(await page.getByRole('heading', { level: 1, name }).count(), 1, 'still shown');

      holder.release();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByText(`${restrooms.length} restrooms saved on this device`).waitFor();
    } finally {
      await context.close();
      await holder.stop();
    }
  });
});

describe('A shared link to a restroom that is gone, on a phone that never had the app', () => {
  it('says it cannot be found as soon as the api says so, while the first sync is held back', async () => {
    const holder = await startSnapshotHolder(server.url);
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${holder.url}/bathrooms/0190a000-0000-7000-8000-0000000fffff`);
      await page.getByRole('heading', { level: 1, name: "We couldn't find that bathroom" }).waitFor();
      await page.getByText('It may have been removed, or the link may be wrong.').waitFor();
      assert.equal(holder.started(), true, 'the first sync had begun, and is not over');
    } finally {
      await context.close();
      await holder.stop();
    }
  });
});

describe('The Nearest open now shortcut', () => {
  /** The manifest the build wrote, as an installed app reads it. */
  const manifest = JSON.parse(readFileSync(new URL('../dist/manifest.webmanifest', import.meta.url), 'utf8')) as {
    shortcuts: Array<{ name: string; url: string }>;
  };
  const shortcut = manifest.shortcuts.find((candidate) => candidate.name === 'Nearest open now');
  /** A little north of downtown, where some demo restrooms have known hours. */
  const here: LatLng = { lat: 44.9833, lng: -93.2667 };

  /** The restrooms open at `at`, nearest `here` first, worked out from the server's copy. */
  function openNearest(at: Date, k: number): string[] {
    const open = restrooms.filter((row) => hoursIsOpenAt(row.hours, at, restroomTimeZone(row.time_zone, DEFAULT_REGION.timeZone)));
    return nearestRestrooms(open, here, k).map((row) => row.name);
  }

  async function listedNames(page: Page, k: number): Promise<string[]> {
    return (await page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()).slice(0, k);
  }

  it('is in the manifest with an icon, as is Add a restroom', () => {
    assert.ok(shortcut, 'the manifest has a Nearest open now shortcut');
    const add = manifest.shortcuts.find((candidate) => candidate.name === 'Add a restroom');
    assert.equal(add?.url, '/addbathroom');
    for (const each of manifest.shortcuts) assert.ok((each as { icons?: unknown[] }).icons?.length, `${each.name} has an icon`);
  });

  it('lists the open restrooms nearest the phone with walking minutes, online and offline, and leaves the kept filters alone', async () => {
    assert.ok(shortcut);
    const context = await newPhoneContext(browser);
    await context.grantPermissions(['geolocation'], { origin: server.url });
    await context.setGeolocation({ latitude: here.lat, longitude: here.lng });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/bathrooms`);
      await page.getByText(`${restrooms.length} restrooms saved on this device`).waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // A person who keeps 'Include unknown' on (which narrows nothing by itself) and the map.
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await dialog.getByRole('switch', { name: 'Include unknown' }).click();
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.waitFor({ state: 'detached' });
      const kept = await page.evaluate(() => [localStorage.getItem('allstall:home-filters'), localStorage.getItem('allstall:home-view')]);
      assert.match(kept[0] ?? '', /"include_unknown":true/);

      for (const online of [true, false]) {
        if (!online) await goOffline(context);
        await page.goto(`${server.url}${shortcut.url}`);
        await page.getByText('Closest to you first.').waitFor();
        await page.getByRole('button', { name: 'Remove filter: Open now' }).waitFor();
        const expectedCount = openNearest(new Date(), Number.POSITIVE_INFINITY).length;
        assert.ok(expectedCount >= 3, 'the demo has a few restrooms open now');
        // Read against the hours at the moment of reading: a restroom may open or close meanwhile.
        await eventually(
          async () => JSON.stringify(await listedNames(page, 5)) === JSON.stringify(openNearest(new Date(), 5)),
          true,
          `the list is the open restrooms nearest the phone (${online ? 'online' : 'offline'})`,
        );
        const rows = page.getByRole('list', { name: 'Restrooms' }).getByRole('listitem');
        const first = restroomNamed((await listedNames(page, 1))[0]!);
        const minutes = walkingTime(Number((await rows.first().locator('.distance').textContent())?.replace(' mi', '')))?.minutes;
        await rows.first().getByText(`· ${minutes} min walk`, { exact: true }).waitFor();
        assert.ok(first.hours !== null, 'the first row has known hours');
        assert.equal(await rows.first().locator('[data-open-state="open"]').count(), 1, 'the first row says it is open');
        if (online) await expectNoViolations(page, 'The list opened by the Nearest open now shortcut, walking minutes and all');
      }
      await goOnline(context);

      assert.deepEqual(await page.evaluate(() => [localStorage.getItem('allstall:home-filters'), localStorage.getItem('allstall:home-view')]), kept);
      // The next ordinary visit opens as the phone keeps it: the map, no filter counted.
      await page.goto(`${server.url}/bathrooms`);
      await page.getByRole('button', { name: 'List view' }).waitFor();
      await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
