import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { startFakePhoton, type FakeService } from '../../api/test/fakes/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newPhoneContext } from './support/browser.js';
import { demoNearestToDefaultOrigin } from './support/demo-data.js';

/*
 * The list's rows as a phone shows them: what a collapsed row tells at a glance, and the heading
 * that says where distances are measured from. The geocoder (Photon) is a fake on 127.0.0.1.
 */

let server: AppServer;
let photon: FakeService;
let browser: Browser;

before(async () => {
  photon = await startFakePhoton();
  server = await startAppServer({ GEOCODER: 'photon', GEOCODER_URL: photon.url });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await photon?.stop();
});

/** /bathrooms in list view, once the mirror is filled. */
async function listOnPhone(): Promise<Page> {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(/606 restrooms saved on this device/i).waitFor();
  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('list', { name: 'Restrooms' }).waitFor();
  return page;
}

async function box(locator: Locator): Promise<{ width: number; height: number }> {
  const found = await locator.boundingBox();
  assert.ok(found, 'the element is laid out');
  return found;
}

describe('a collapsed list row', () => {
  it('shows and names each amenity as yes, no or unknown, without expanding', async () => {
    // A gender-neutral, wheelchair-accessible restroom on the list's first page, chosen from the
    // demo data itself: Refuge says it has no changing table, and its single stall was never stated
    // (the demo data's "no" there was a form's default, so it is seeded as unknown).
    const firstPage = demoNearestToDefaultOrigin(25);
    const restroom = firstPage.find(
      (listing) =>
        listing.unisex &&
        listing.accessible &&
        !listing.changing_table &&
        !listing.is_single_stall &&
        firstPage.filter((other) => other.name === listing.name).length === 1,
    );
    assert.ok(restroom, 'the demo data has such a restroom near downtown');

    const page = await listOnPhone();
    const row = page.getByRole('article', { name: restroom.name, exact: true });
    assert.equal(await row.getByRole('button', { name: `Details for ${restroom.name}` }).getAttribute('aria-expanded'), 'false');
    assert.equal(await row.getByRole('link', { name: 'More info' }).count(), 0, 'the row is collapsed');

    // What assistive tech is given: every amenity with what we know of it, in the product's words.
    const phrase = 'Gender-neutral: yes, Changing table: no, Wheelchair accessible: yes, Single stall: unknown';
    const tree = await row.ariaSnapshot();
    assert.match(tree, new RegExp(`^ {2}- paragraph: "${phrase}"$`, 'm'));
    assert.equal(await row.getByText(phrase, { exact: true }).count(), 1);
    // What the eye is given: an icon for each, on screen without expanding, no and unknown marked apart.
    const icons = row.locator('.amenity-glance .amenity-mark');
    assert.equal(await icons.count(), 4);
    assert.equal(await row.locator('.amenity-glance .amenity-mark--no .amenity-mark__strike').count(), 1, 'the changing table struck through');
    assert.equal(await row.locator('.amenity-glance .amenity-mark--unknown').getByText('?').count(), 1, 'the single stall marked unknown');
    for (const icon of await icons.all()) {
      assert.ok(await icon.isVisible());
      const { width, height } = await box(icon);
      assert.ok(width > 0 && height > 0, 'the icon takes room on screen');
    }

    // Expanded, the details come and the amenities stay, said once.
    await row.getByRole('button', { name: `Details for ${restroom.name}` }).click();
    await row.getByRole('link', { name: 'More info' }).waitFor();
    assert.equal(await row.getByText(/Gender-neutral/).count(), 1);
    assert.ok(await icons.first().isVisible());
    await page.context().close();
  });
});

describe('the list heading after a searched address is cleared', () => {
  const DEFAULT_HEADING = 'Closest to downtown Minneapolis first.';

  async function searchGuthrie(page: Page): Promise<Locator> {
    const field = page.getByRole('combobox', { name: 'Enter an address' });
    await field.pressSequentially('Guthrie', { delay: 40 });
    // The place, not the saved restroom of the same name listed below it.
    await page.getByRole('option', { name: /^Guthrie Theater\s*818 South 2nd Street/ }).click();
    await page.getByText('Closest to Guthrie Theater first.').waitFor();
    return field;
  }

  it('goes back to the default heading when the × is pressed', async () => {
    const page = await listOnPhone();
    const heading = page.getByText(/^Closest to .* first\.$/);
    assert.equal(await heading.textContent(), DEFAULT_HEADING);
    const field = await searchGuthrie(page);

    await page.getByRole('button', { name: 'Clear address' }).click();

    await page.getByText(DEFAULT_HEADING).waitFor();
    assert.equal(await field.inputValue(), '');
    assert.equal(await page.getByText('Guthrie Theater first.').count(), 0);
    await page.context().close();
  });

  it('goes back to the default heading as soon as the field is emptied by hand', async () => {
    const page = await listOnPhone();
    const field = await searchGuthrie(page);

    await field.press('ControlOrMeta+a');
    await field.press('Backspace');

    // Still in the field: nothing was committed by leaving it.
    await page.getByText(DEFAULT_HEADING).waitFor();
    assert.ok(await field.evaluate((element) => element === document.activeElement));
    await page.context().close();
  });
});
