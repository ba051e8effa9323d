import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from './support/app-server.js';
import { expectNoViolations } from './support/axe.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import { nearestRestroom, serverCommentCount, signUp } from './support/server-api.js';

/*
 * A clean logout (issue 40 item 5): a person who logs out with a write not sent is asked what
 * happens to it, and 'Discard' leaves nothing of theirs in the phone's IndexedDB, while the
 * restrooms, which are nobody's, stay.
 */

let server: AppServer;
let browser: Browser;
let restroom: { id: string; name: string };

before(async () => {
  server = await startAppServer();
  browser = await launchChromium();
  restroom = await nearestRestroom(server);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every record of every object store of the app's database, as JSON text, and how many restrooms the buckets hold. */
function readWholeDatabase(page: Page): Promise<{ text: string; restrooms: number; outbox: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open('allstall');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const names = [...db.objectStoreNames];
          const transaction = db.transaction(names, 'readonly');
          const records: Record<string, unknown[]> = {};
          for (const name of names) {
            const request = transaction.objectStore(name).getAll();
            request.onsuccess = () => (records[name] = request.result);
          }
          transaction.oncomplete = () => {
            db.close();
            const buckets = (records.restroomBuckets ?? []) as Array<{ rows: unknown[] }>;
            resolve({
              text: JSON.stringify(records),
              restrooms: buckets.reduce((sum, bucket) => sum + bucket.rows.length, 0),
              outbox: (records.outbox ?? []).length,
            });
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
}

describe('logging out with a write not sent', () => {
  it("offers 'Send first', 'Keep for my next login' and 'Discard', and 'Discard' leaves no trace of the person in IndexedDB", async () => {
    const context = await newPhoneContext(browser);
    const username = await signUp(context, server);
    const page = await context.newPage();
    await page.goto(`${server.url}/bathrooms`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
    await page.goto(`${server.url}/bathrooms/${restroom.id}`);
    await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();

    const comment = `Left offline by ${username}`;
    await goOffline(context);
    await page.getByRole('button', { name: 'I peed here!' }).click();
    const feedback = page.getByRole('dialog', { name: 'How was your experience?' });
    await feedback.getByRole('button', { name: 'Thumbs up' }).click();
    await feedback.getByRole('textbox', { name: 'Leave a comment:' }).fill(comment);
    await feedback.getByRole('button', { name: 'Submit' }).click();
    const thanks = page.getByRole('alertdialog', { name: 'Thank you for sharing!' });
    await thanks.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Not sent yet').waitFor();
    const before = await readWholeDatabase(page);
    assert.ok(before.text.includes(comment) && before.text.includes(username), 'the write and the person are on the device before logging out');

    await page.getByRole('button', { name: `Account: ${username}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    const asked = page.getByRole('alertdialog', { name: 'Changes not sent yet' });
    await asked.getByText('One change you made on this phone has not reached the server yet.', { exact: false }).waitFor();
    await asked.getByRole('listitem').filter({ hasText: restroom.name }).waitFor();
    assert.deepEqual(await asked.getByRole('button').allTextContents(), ['Cancel', 'Discard', 'Keep for my next login', 'Send first']);
    await expectNoViolations(page, 'the logout dialog');

    // With no signal, sending first cannot end it: the person is told, and stays signed in.
    await asked.getByRole('button', { name: 'Send first' }).click();
    await asked.getByRole('alert').filter({ hasText: 'No connection, so nothing could be sent.' }).waitFor();
    await expectNoViolations(page, 'the logout dialog saying there is no connection');

    await asked.getByRole('button', { name: 'Discard' }).click();
    await asked.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account', exact: true }).waitFor();

    const after = await readWholeDatabase(page);
    assert.equal(after.outbox, 0, 'no write left in the outbox');
    assert.ok(!after.text.includes(comment), 'the comment is nowhere in IndexedDB');
    assert.ok(!after.text.includes(username), 'the username is nowhere in IndexedDB');
    assert.equal(after.restrooms, before.restrooms, 'the restrooms stay');

    // The signal returns and the app starts again (its outbox sends whatever waits as it starts), and
    // the discarded write never reaches the server. Logging out went to the list.
    await goOnline(context);
    await page.reload();
    await page.getByText(/606 restrooms saved on this device/i).waitFor();
    assert.equal(await serverCommentCount(server, restroom.id, comment), 0);
    await context.close();
  });
});
