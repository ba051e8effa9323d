import type { Browser } from 'playwright-core';
import { startFakeOverpass, type FakeOverpass, type FakePlace } from '../../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './app-server.js';
import { launchChromium, newPhoneContext } from './browser.js';
import { eventually, signIn } from './server-api.js';

/**
 * An admin loads the fake Overpass's toilets on 'Load toilets from OpenStreetMap' and adds all of
 * them, as a real admin would, and the test goes on once the api lists all `count` as public: the
 * way an e2e test gets restrooms whose tags say exactly what it needs.
 */
async function importOsmToilets(browser: Browser, server: AppServer, count: number): Promise<void> {
  const admin = await newPhoneContext(browser);
  try {
    await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/addbathrooms`);
    await page.getByRole('button', { name: 'Load toilets from OpenStreetMap' }).click();
    await page.getByRole('region', { name: `Toilets from OpenStreetMap (${count})` }).getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: 'Add all to database' }).click();
    await eventually(
      async () => ((await (await fetch(`${server.url}/api/bathrooms`)).json()) as unknown[]).length,
      count,
      'the imported toilets are public',
    );
  } finally {
    await admin.close();
  }
}

/** A server whose only restrooms are `toilets`, imported from a fake Overpass, and a browser to visit it. */
export interface OsmToiletsServer {
  server: AppServer;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * Starts a fake Overpass with `toilets`, the app with no demo data (and no geocoder) reading it, and
 * Chromium, and imports them all (importOsmToilets). `stop` ends whichever of them started.
 */
export async function startWithOsmToilets(toilets: readonly FakePlace[]): Promise<OsmToiletsServer> {
  let overpass: FakeOverpass | undefined;
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
    await overpass?.stop();
  };
  try {
    overpass = await startFakeOverpass([...toilets]);
    server = await startAppServer({ DEMO_DATA: '0', OVERPASS_URL: overpass.url, GEOCODER_URL: 'http://127.0.0.1:9' });
    browser = await launchChromium();
    await importOsmToilets(browser, server, toilets.length);
    return { server, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
