import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { launchChromium, newPhoneContext } from './support/browser.js';
import { dismissAlert, installedPhone } from './support/installed-phone.js';
import { eventually, signIn, signUp, writeAs } from './support/server-api.js';

/*
 * Suggested hours end to end (docs/product-rules.md#suggested-changes): a person proposes a new week
 * in 'Something not look right?' with the add form's hours editor, an admin approves it in 'Flagged
 * Bathrooms', and the restroom's page shows the new hours. Production build, real service worker.
 */

let server: AppServer;
let browser: Browser;

before(async () => {
  server = await startAppServer();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone with the app installed and the mirror filled; `signedIn` runs first (a login, say). */
const phone = (signedIn?: (context: BrowserContext) => Promise<unknown>) => installedPhone(browser, server, signedIn);

const asAdmin = (context: BrowserContext) => signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);

/** The detail page's hours panel as [day, hours] rows. */
async function hoursPanel(page: Page): Promise<string[][]> {
  const rows = page.locator('.hours-panel tr');
  return (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')))) as string[][];
}

describe('suggested hours', () => {
  it('go from the suggest-changes dialog to the restroom’s page once an admin approves them', async () => {
    const adminContext = await newPhoneContext(browser);
    await asAdmin(adminContext);
    const name = `Hours Cafe ${Date.now()}`;
    // An admin's addition is approved at once: weekdays 9am to 5pm, closed at the weekend.
    const { restroom } = await writeAs<{ restroom: { id: string } }>(adminContext, server, 'POST', '/api/bathrooms', {
      bathroomToAdd: {
        name,
        formatted_address: '1750 Hennepin Ave, Minneapolis, MN 55403',
        accessible: true,
        access: 'public',
        unisex: true,
        changing_table: false,
        single_stall: true,
        latitude: 44.9682,
        longitude: -93.2889,
      },
      bathroomHours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })),
    });
    await adminContext.close();

    const flagger = await phone((context) => signUp(context, server));
    await flagger.page.goto(`${server.url}/bathrooms/${restroom.id}`);
    await flagger.page.getByRole('heading', { level: 1, name }).waitFor();
    await flagger.page.getByRole('button', { name: 'Something not look right?' }).click();
    const suggest = flagger.page.getByRole('dialog', { name: 'Suggest changes here:' });
    await suggest.getByRole('checkbox', { name: 'Suggest new hours' }).check();
    const editor = suggest.getByRole('group', { name: 'Opening hours' });
    assert.equal(await editor.getByLabel('Monday opens').inputValue(), '09:00');
    await expectNoViolations(flagger.page, 'the suggest-changes dialog with the hours editor open');
    // Saturdays too, 10am to 2pm; Mondays from 8am.
    await editor.getByLabel('Saturday', { exact: true }).selectOption('open');
    await editor.getByLabel('Saturday opens').fill('10:00');
    await editor.getByLabel('Saturday closes').fill('14:00');
    await editor.getByLabel('Monday opens').fill('08:00');
    await suggest.getByRole('button', { name: 'Submit changes' }).click();
    await dismissAlert(flagger.page, 'Thank you for sharing!');

    const admin = await phone(asAdmin);
    await admin.page.goto(`${server.url}/admin?tab=flagged`);
    await admin.page.getByRole('button', { name: `Review suggested edits for ${name}` }).click();
    const review = admin.page.getByRole('dialog', { name: 'Review suggested edits' });
    const suggested = review.locator('section', { has: admin.page.getByRole('heading', { name: 'Suggested' }) });
    await suggested.getByText('Saturday: 10am - 2pm').waitFor();
    await suggested.getByText('Monday: 8am - 5pm').waitFor();
    await review.locator('section', { has: admin.page.getByRole('heading', { name: 'Original' }) }).getByText('Saturday: Closed').waitFor();
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await dismissAlert(admin.page, 'Great success!');

    // The flagger's phone picks the change up on its next sync: a fresh start of the app.
    await eventually(
      async () => {
        await flagger.page.goto(`${server.url}/bathrooms/${restroom.id}`);
        await flagger.page.getByRole('heading', { level: 1, name }).waitFor();
        return JSON.stringify(await hoursPanel(flagger.page));
      },
      JSON.stringify([
        ['Monday', '8am - 5pm'],
        ['Tuesday', '9am - 5pm'],
        ['Wednesday', '9am - 5pm'],
        ['Thursday', '9am - 5pm'],
        ['Friday', '9am - 5pm'],
        ['Saturday', '10am - 2pm'],
        ['Sunday', 'Closed'],
      ]),
      'the approved hours on the restroom’s page',
    );
    await Promise.all([flagger.context.close(), admin.context.close()]);
  });
});
