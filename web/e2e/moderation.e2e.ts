import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startFakeOverpass, startFakePhoton, type FakeService } from '../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import { dismissAlert, installedPhone } from './support/installed-phone.js';
import { eventually, nearestRestroom, publicRestroomsNamed, signIn, signUp, whoAmI, writeAs } from './support/server-api.js';

/*
 * Moderation end to end: what a person adds or suggests reaches everyone's phone once an admin says
 * yes, and an admin's decisions made with no signal are sent later, a clash with another admin
 * shown rather than lost. Production build, real service worker and IndexedDB.
 */

let server: AppServer;
let photon: FakeService;
let overpass: FakeService;
let browser: Browser;

before(async () => {
  [photon, overpass] = await Promise.all([startFakePhoton(), startFakeOverpass()]);
  server = await startAppServer({ GEOCODER_URL: photon.url, OVERPASS_URL: overpass.url });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([photon?.stop(), overpass?.stop()]);
});

/** A phone with the app installed and the mirror filled; `signedIn` runs first (a login, say). */
const phone = (signedIn?: (context: BrowserContext) => Promise<unknown>) => installedPhone(browser, server, signedIn);

const asAdmin = (context: BrowserContext) => signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);

/** The restroom headings of the list view, after the person's next sync (a fresh start of the app). */
async function listAfterNextSync(page: Page): Promise<Locator> {
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(/restrooms saved on this device/i).waitFor();
  const toList = page.getByRole('button', { name: 'List view' });
  if (await toList.isVisible()) await toList.click();
  return page.locator('.restroom-card h2');
}

describe('moderation', () => {
  it('publishes a restroom a person added once an admin approves it, to a third person after their next sync', async () => {
    const third = await phone();
    const adder = await phone((context) => signUp(context, server));
    const name = `Spyhouse Coffee ${Date.now()}`;

    await adder.page.goto(`${server.url}/addbathroom`);
    await adder.page.getByRole('combobox', { name: 'Address or place name' }).fill('Spyhouse Coffee');
    await adder.page.getByRole('button', { name: 'Search address' }).click();
    await adder.page.getByRole('button', { name: 'Review bathroom info' }).click();
    const dialog = adder.page.getByRole('dialog', { name: 'Add more info here:' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('group', { name: 'Gender-neutral' }).getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('button', { name: 'Submit bathroom' }).click();
    await dismissAlert(adder.page, 'Thank you!');

    const admin = await phone(asAdmin);
    await admin.page.goto(`${server.url}/admin`);
    const queue = admin.page.getByRole('table', { name: 'Bathrooms to approve' });
    await queue.getByRole('button', { name: `Approve ${name}` }).click();
    await eventually(async () => (await publicRestroomsNamed(server, name)).length, 1, 'the approved restroom on the server');

    const headings = await listAfterNextSync(third.page);
    // The list shows a page at a time, nearest first: look near the new place, as a visitor would.
    await third.page.getByRole('combobox', { name: 'Enter an address' }).pressSequentially('Spyhouse', { delay: 30 });
    await third.page.getByRole('option', { name: /^Spyhouse Coffee\s*945/ }).click();
    await eventually(async () => headings.filter({ hasText: name }).count(), 1, 'the approved restroom in the third person’s list');
    await Promise.all([third.context.close(), adder.context.close(), admin.context.close()]);
  });

  it('renames a restroom everywhere once an admin approves a suggestion', async () => {
    const restroom = await nearestRestroom(server);
    const newName = `${restroom.name} (renamed ${Date.now() % 10000})`;
    const third = await phone();
    const flagger = await phone((context) => signUp(context, server));

    await flagger.page.goto(`${server.url}/bathrooms/${restroom.id}`);
    await flagger.page.getByRole('button', { name: 'Something not look right?' }).click();
    const suggest = flagger.page.getByRole('dialog', { name: 'Suggest changes here:' });
    await suggest.getByRole('textbox', { name: 'Name' }).fill(newName);
    await suggest.getByRole('button', { name: 'Submit changes' }).click();
    await dismissAlert(flagger.page, 'Thank you for sharing!');

    const admin = await phone(asAdmin);
    await admin.page.goto(`${server.url}/admin?tab=flagged`);
    await admin.page.getByRole('button', { name: `Review suggested edits for ${restroom.name}` }).click();
    const review = admin.page.getByRole('dialog', { name: 'Review suggested edits' });
    await review.getByText(newName).waitFor();
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await dismissAlert(admin.page, 'Great success!');

    await eventually(async () => (await publicRestroomsNamed(server, newName)).length, 1, 'the new name on the server');
    assert.equal((await publicRestroomsNamed(server, restroom.name)).length, 0, 'the old name is gone');
    const headings = await listAfterNextSync(third.page);
    await eventually(async () => headings.filter({ hasText: newName }).count(), 1, 'the new name in the third person’s list');
    await third.page.goto(`${server.url}/bathrooms/${restroom.id}`);
    await third.page.getByRole('heading', { level: 1, name: newName }).waitFor();
    await Promise.all([third.context.close(), flagger.context.close(), admin.context.close()]);
  });

  it('names the restroom or the account in every delete and remove confirmation, beside the spec’s words', async () => {
    const adder = await newPhoneContext(browser);
    const adderName = await signUp(adder, server);
    const stamp = Date.now();
    const added = (name: string, index: number) =>
      writeAs<{ restroom: { id: string; name: string } }>(adder, server, 'POST', '/api/bathrooms', {
        bathroomToAdd: {
          name,
          formatted_address: '2400 Third Ave S, Minneapolis, MN 55404',
          accessible: true,
          access: 'public',
          unisex: true,
          changing_table: false,
          single_stall: true,
          latitude: 44.9586 + index * 0.001,
          longitude: -93.2737,
        },
        bathroomHours: null,
      }).then(({ restroom }) => restroom);
    const toDelete = await added(`Flushed Away ${stamp}`, 0);
    const toHide = await added(`Hidden Nook ${stamp}`, 1);

    const admin = await newPhoneContext(browser);
    await asAdmin(admin);
    await writeAs(admin, server, 'PATCH', `/api/bathrooms/${toHide.id}`, { status: 'approved' });
    const page = await admin.newPage();
    /** The open confirmation's title and lines, once it shows. */
    const confirmation = async () => {
      const question = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await question.waitFor();
      return { question, lines: await question.locator('p').allTextContents() };
    };

    await page.goto(`${server.url}/admin`);
    await page.getByRole('button', { name: `Delete ${toDelete.name}` }).click();
    const deletion = await confirmation();
    assert.deepEqual(deletion.lines, [`Delete “${toDelete.name}” from the database.`, "You won't be able to revert this!"]);
    await deletion.question.getByRole('button', { name: 'Yes, flush it!' }).click();
    await dismissAlert(page, 'Deleted!');
    const pendingIds = async () => ((await (await admin.request.get(`${server.url}/api/admin/pending`)).json()) as Array<{ id: string }>).map((row) => row.id);
    await eventually(async () => (await pendingIds()).includes(toDelete.id), false, 'the deleted restroom gone from the server');

    await page.goto(`${server.url}/admin/editbathrooms`);
    await page.getByRole('textbox', { name: 'Enter name, id' }).fill(toHide.name);
    await page.getByRole('button', { name: `Remove from display ${toHide.name}` }).click();
    const removal = await confirmation();
    assert.deepEqual(removal.lines, [`Remove “${toHide.name}” from display.`], 'no further line but the name');
    await removal.question.getByRole('button', { name: 'Yes, flush it!' }).click();
    await dismissAlert(page, 'Removed!');
    await eventually(async () => (await publicRestroomsNamed(server, toHide.name)).length, 0, 'the removed restroom off the public list');

    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('button', { name: `Delete ${adderName}`, exact: true }).click();
    const accountDeletion = await confirmation();
    assert.deepEqual(accountDeletion.lines, [`Delete the account “${adderName}”, with its votes and comments.`, "You won't be able to revert this!"]);
    await accountDeletion.question.getByRole('button', { name: 'Cancel' }).click();
    await accountDeletion.question.waitFor({ state: 'detached' });
    assert.equal((await whoAmI(adder, server)).username, adderName, 'cancelled, the account stays');
    await Promise.all([adder.close(), admin.close()]);
  });

  it('sends decisions made offline later: one applies, one another admin handled meanwhile is shown as such', async () => {
    const adder = await newPhoneContext(browser);
    await signUp(adder, server);
    const stamp = Date.now();
    const [kept, deleted] = await Promise.all(
      [`Kept Corner ${stamp}`, `Gone Corner ${stamp}`].map((name) =>
        writeAs<{ restroom: { id: string; name: string } }>(adder, server, 'POST', '/api/bathrooms', {
          bathroomToAdd: {
            name,
            formatted_address: '945 Broadway St NE, Minneapolis, MN 55413',
            accessible: false,
            access: 'public',
            unisex: true,
            changing_table: false,
            single_stall: true,
            latitude: 44.9998,
            longitude: -93.2487,
          },
          bathroomHours: null,
        }).then(({ restroom }) => restroom),
      ),
    );

    // A second admin, made one by the first.
    const other = await newPhoneContext(browser);
    await signUp(other, server);
    const otherAdmin = await whoAmI(other, server);
    const ada = await phone(asAdmin);
    await writeAs(ada.context, server, 'PATCH', `/api/users/${otherAdmin.id}`, { is_admin: true });

    await ada.page.goto(`${server.url}/admin`);
    const queue = ada.page.getByRole('table', { name: 'Bathrooms to approve' });
    await queue.getByRole('button', { name: `Approve ${deleted!.name}` }).waitFor();

    await goOffline(ada.context);
    await queue.getByRole('button', { name: `Approve ${kept!.name}` }).click();
    await queue.getByRole('button', { name: `Approve ${deleted!.name}` }).click();
    await ada.page.getByText('Approved — Not sent yet').nth(1).waitFor();

    await writeAs(other, server, 'DELETE', `/api/bathrooms/${deleted!.id}`);
    await goOnline(ada.context);

    await eventually(async () => (await publicRestroomsNamed(server, kept!.name)).length, 1, 'the decision that applied');
    await ada.page.getByRole('status').filter({ hasText: `Already handled by ${otherAdmin.username}.` }).waitFor();
    assert.equal((await publicRestroomsNamed(server, deleted!.name)).length, 0);
    await Promise.all([adder.close(), other.close(), ada.context.close()]);
  });
});
