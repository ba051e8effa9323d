import type { Browser } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppServer } from './app-server.js';
import { newPhoneContext } from './browser.js';
import { eventually, signIn } from './server-api.js';

/**
 * An admin loads the fake Overpass's toilets on 'Load toilets from OpenStreetMap' and adds all of
 * them, as a real admin would, and the test goes on once the api lists all `count` as public: the
 * way an e2e test gets restrooms whose tags say exactly what it needs.
 */
export async function importOsmToilets(browser: Browser, server: AppServer, count: number): Promise<void> {
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
