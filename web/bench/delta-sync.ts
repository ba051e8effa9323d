import type { SyncPage } from '@allstall/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppServer } from '../e2e/support/app-server.js';
import { nearestRestroom, signIn, writeAs } from '../e2e/support/server-api.js';

/** 1.5 KB, headers included. */
export const DELTA_SYNC_BUDGET_BYTES = 1536;

export interface DeltaSyncRun {
  /** Headers and encoded body of the pull's /api/sync answer. */
  wireBytes: number;
  headerBytes: number;
  /** Restrooms the pull brought: the one that changed, and nothing else. */
  restrooms: number;
  /** Request sent to first response byte, on loopback: the server's own time, give or take a millisecond. */
  serverMs: number;
}

/**
 * On a device (`context`) that holds every restroom, an admin renames one, and the device's next
 * pull (the app pulls when it starts, so a page of it is opened, then reloaded) fetches that one
 * change. Repeated `changes` times. The page is closed again at the end.
 */
export async function deltaSync(browser: Browser, context: BrowserContext, server: AppServer, changes: number): Promise<DeltaSyncRun[]> {
  const admin = await browser.newContext();
  const device = await context.newPage();
  const runs: DeltaSyncRun[] = [];
  try {
    await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
    const { id } = await nearestRestroom(server);
    for (let change = 1; change <= changes; change++) {
      await writeAs(admin, server, 'PATCH', `/api/bathrooms/${id}`, { name: `Renamed for the bench, time ${change}` });
      const answered = device.waitForResponse((response) => new URL(response.url()).pathname === '/api/sync');
      if (change === 1) await device.goto(`${server.url}/bathrooms`);
      else await device.reload();
      const response = await answered;
      const page = (await response.json()) as SyncPage;
      // One answer is the whole pull: the device asks again only when an answer says there is more.
      if (page.more) throw new Error('a pull after one change should need one page');
      const sizes = await response.request().sizes();
      const timing = response.request().timing();
      runs.push({
        wireBytes: sizes.responseHeadersSize + sizes.responseBodySize,
        headerBytes: sizes.responseHeadersSize,
        restrooms: page.restrooms.length,
        serverMs: timing.responseStart - timing.requestStart,
      });
    }
  } finally {
    await admin.close();
    await device.close();
  }
  return runs;
}
