import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_REGION } from '@allstall/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext, watchCspViolations, type CspViolation } from './support/browser.js';
import { startFakeTileServer, type FakeTileServer } from './support/fake-tile-server.js';
import { signIn, TEST_PASSWORD, writeAs } from './support/server-api.js';

/*
 * Whatever people type is shown as text, never run as markup. Each payload would, if it were ever
 * parsed as HTML, create an element with the class or image name `allstall-probe` and call alert();
 * every screen that shows people's words is checked for such an element, for dialogs, and for the
 * literal text. The server's Content-Security-Policy would stop the scripts anyway; this checks the
 * layer beneath it, so the app does not depend on the policy alone.
 */

const PROBE = 'allstall-probe';
const USERNAME = `Kai<img src=${PROBE}.png onerror=alert(1)>`;
const NAME = `<i class="${PROBE}">Loo</i> & Co <img src="${PROBE}.png" onerror="alert(2)">`;
const PENDING_NAME = `<script>alert(3)</script><b class="${PROBE}">Pending</b> Loo`;
const COMMENT = `<img src="${PROBE}.png" onerror="alert(4)"><script>alert(5)</script> clean & calm`;
const FLAG_NAME = `<svg class="${PROBE}" onload="alert(6)"></svg> Better Name`;
const CONTACT = `<a class="${PROBE}" href="javascript:alert(7)">click</a> please fix`;

let server: AppServer;
let tiles: FakeTileServer;
let browser: Browser;
let restroomId: string;
const dialogs: string[] = [];
const cspViolations: Array<() => CspViolation[]> = [];

async function phone(signedIn?: (context: BrowserContext) => Promise<unknown>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser);
  cspViolations.push(await watchCspViolations(context));
  await signedIn?.(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(/restrooms saved on this device/i).waitFor();
  return { context, page };
}

function newRestroom(name: string, latitude: number, longitude: number) {
  return {
    bathroomToAdd: {
      name,
      formatted_address: '300 Nicollet Mall, Minneapolis, MN 55401',
      accessible: true,
      access: 'public',
      unisex: true,
      changing_table: false,
      single_stall: true,
      latitude,
      longitude,
      comment: COMMENT,
    },
    bathroomHours: null,
  };
}

/** Shows `text` literally on the page, and nothing the payloads could have become. */
async function expectInert(page: Page, text: string, where: string): Promise<void> {
  await page.getByText(text).filter({ visible: true }).first().waitFor();
  const injected = await page.evaluate(
    (probe) => document.querySelectorAll(`.${probe}, img[src*="${probe}"], script:not([src]), a[href^="javascript:"]`).length,
    PROBE,
  );
  assert.equal(injected, 0, `${where}: people's text became elements`);
}

before(async () => {
  tiles = await startFakeTileServer();
  server = await startAppServer({ TILE_URL: tiles.template });
  browser = await launchChromium();

  const kai = await newPhoneContext(browser);
  const registered = await kai.request.post(`${server.url}/api/user/register`, {
    headers: { 'content-type': 'application/json', 'x-requested-with': 'allstall' },
    data: { username: USERNAME, password: TEST_PASSWORD },
  });
  assert.equal(registered.status(), 201, await registered.text());
  const { lat, lng } = DEFAULT_REGION.listOrigin;
  const added = await writeAs<{ restroom: { id: string } }>(kai, server, 'POST', '/api/bathrooms', newRestroom(NAME, lat, lng));
  restroomId = added.restroom.id;
  await writeAs(kai, server, 'POST', '/api/bathrooms', newRestroom(PENDING_NAME, lat + 0.01, lng));
  const admin = await newPhoneContext(browser);
  await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
  await writeAs(admin, server, 'PATCH', `/api/bathrooms/${restroomId}`, { status: 'approved' });
  await writeAs(kai, server, 'POST', '/api/flags', {
    restroom_id: restroomId,
    name: FLAG_NAME,
    street: '300 Nicollet Mall',
    city: 'Minneapolis',
    state: 'MN',
    accessible: true,
    changing_table: false,
    unisex: true,
    menstrual_products: false,
    is_single_stall: true,
    other: COMMENT,
    is_closed: false,
  });
  await writeAs(kai, server, 'POST', '/api/contact', { details: CONTACT });
  await Promise.all([kai.close(), admin.close()]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await tiles?.stop();
});

describe("people's words stay text", () => {
  it('in the list, on the map and on the restroom page', async () => {
    const { context, page } = await phone();
    await page.getByRole('button', { name: 'List view' }).click();
    await expectInert(page, NAME, 'the list');

    await page.getByRole('button', { name: 'Map view' }).click();
    // Downtown pins cluster at the first zoom; zoom in until this one stands alone.
    const zoomIn = page.getByRole('button', { name: 'Zoom in', exact: true });
    const pin = page.getByRole('button', { name: NAME });
    for (let step = 0; step < 6 && !(await pin.isVisible()); step++) {
      await zoomIn.click();
      // Short on purpose: the pin is at the map's centre, so a zoom too many on a busy machine still
      // shows it alone, and the press below waits for it with the full ceiling.
      await pin.waitFor({ timeout: 1500 }).catch(() => undefined);
    }
    // By keyboard: the pin may still be gliding from the zoom animation, which a click would wait out.
    await pin.press('Enter');
    await expectInert(page, NAME, 'the map popup');

    await page.goto(`${server.url}/bathrooms/${restroomId}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    await expectInert(page, COMMENT, 'the restroom page comments');
    await context.close();
  });

  it("on the person's own profile", async () => {
    const { context, page } = await phone((c) => signIn(c, server, USERNAME, TEST_PASSWORD));
    await page.goto(`${server.url}/user`);
    await expectInert(page, USERNAME, 'the profile name');
    await expectInert(page, PENDING_NAME, 'bathrooms you added');
    await expectInert(page, COMMENT, 'your comments');
    await context.close();
  });

  it('on every admin screen', async () => {
    const { context, page } = await phone((c) => signIn(c, server, ADMIN_USERNAME, ADMIN_PASSWORD));
    await page.goto(`${server.url}/admin`);
    await expectInert(page, PENDING_NAME, 'the approval queue');
    await expectInert(page, USERNAME, 'who added it');

    await page.goto(`${server.url}/admin?tab=flagged`);
    await expectInert(page, NAME, 'the flagged queue');
    await page.getByRole('button', { name: `Review suggested edits for ${NAME}` }).click();
    await expectInert(page, FLAG_NAME, 'the suggested edit');

    await page.goto(`${server.url}/admin/users`);
    await expectInert(page, USERNAME, 'the users table');

    await page.goto(`${server.url}/admin/contact`);
    await expectInert(page, CONTACT, 'the contact messages');

    await page.goto(`${server.url}/admin/editbathrooms`);
    await page.getByRole('button', { name: 'Load all bathrooms' }).click();
    await page.getByRole('textbox', { name: 'Enter name, id' }).fill('allstall-probe');
    await expectInert(page, NAME, 'all bathrooms');
    await context.close();
  });

  it('without a single alert, and with nothing refused by the Content-Security-Policy', () => {
    assert.deepEqual(dialogs, []);
    assert.deepEqual(cspViolations.flatMap((violations) => violations()), []);
  });
});
