import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, withServerDatabase, type AppServer } from './support/app-server.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import {
  destroySessionOnServer,
  eventually,
  nearestRestroom,
  serverCommentCount,
  signUp,
  TEST_PASSWORD,
} from './support/server-api.js';

/*
 * Writes made with no signal reach the server exactly once: the outbox end to end, with the real
 * service worker, IndexedDB and api. "Offline" aborts every request of the page and the service
 * worker (see goOffline).
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

/** A fresh phone with the app installed (service worker in control, mirror filled) and a signed-in person. */
async function signedInPhone(): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const context = await newPhoneContext(browser);
  const username = await signUp(context, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(/606 restrooms saved on this device/i).waitFor();
  await page.getByRole('button', { name: `Account: ${username}` }).waitFor();
  await page.goto(`${server.url}/bathrooms/${restroom.id}`);
  await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
  return { context, page, username };
}

/** 'I peed here!' → thumbs up and a comment → Submit, then dismisses the thank-you alert. */
async function leaveFeedback(page: Page, comment: string): Promise<void> {
  await page.getByRole('button', { name: 'I peed here!' }).click();
  const dialog = page.getByRole('dialog', { name: 'How was your experience?' });
  await dialog.getByRole('button', { name: 'Thumbs up' }).click();
  await dialog.getByRole('textbox', { name: 'Leave a comment:' }).fill(comment);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const thanks = page.getByRole('alertdialog', { name: 'Thank you for sharing!' });
  await thanks.waitFor();
  await thanks.getByRole('button', { name: 'OK', exact: true }).click();
}

const queuedComment = (page: Page, content: string) =>
  page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: content });

const statusLine = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Sets `meta.write_key_floor` in the server's own database file, as the retention sweep does after the key window. */
function setWriteKeyFloor(floorMs: number): void {
  withServerDatabase(server, (db) => db.prepare("update meta set value = ? where key = 'write_key_floor'").run(floorMs));
}

describe('the outbox, end to end', () => {
  it('feedback left offline survives a reload and reaches the server exactly once when the signal returns', async () => {
    const { context, page } = await signedInPhone();
    const comment = `Offline and clean ${Date.now()}`;
    const votesBefore = await page.getByRole('list', { name: 'Votes' }).textContent();

    await goOffline(context);
    await leaveFeedback(page, comment);
    await queuedComment(page, comment).getByText('Not sent yet').waitFor();

    await page.reload();
    await queuedComment(page, comment).getByText('Not sent yet').waitFor();
    await statusLine(page, '1 change waiting to be sent').waitFor();
    assert.notEqual(await page.getByRole('list', { name: 'Votes' }).textContent(), votesBefore, 'the queued thumb shows in the counts');
    assert.equal(await serverCommentCount(server, restroom.id, comment), 0);

    await goOnline(context);
    await eventually(() => serverCommentCount(server, restroom.id, comment), 1, 'comments on the server');
    await queuedComment(page, comment).waitFor();
    await queuedComment(page, comment).getByText('Not sent yet').waitFor({ state: 'detached' });
    await statusLine(page, 'waiting to be sent').waitFor({ state: 'detached' });
    // Nothing left to send twice: a while later there is still exactly one. A pause, not a wait for a
    // condition: a second copy must NOT arrive, and a busy machine can only make the check see less.
    await page.waitForTimeout(1500);
    assert.equal(await serverCommentCount(server, restroom.id, comment), 1);
    await context.close();
  });

  it('retries after two server errors and lands once, under one Idempotency-Key', async () => {
    const { context, page } = await signedInPhone();
    const comment = `Third time lucky ${Date.now()}`;
    const keys: string[] = [];
    await context.route('**/api/feedback', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length <= 2) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Simulated outage.' }),
        });
      } else {
        await route.continue();
      }
    });

    await leaveFeedback(page, comment);
    await eventually(() => serverCommentCount(server, restroom.id, comment), 1, 'comments on the server');
    await queuedComment(page, comment).getByText('Not sent yet').waitFor({ state: 'detached' });
    assert.equal(keys.length, 3, 'two refused attempts and one that went through');
    assert.equal(new Set(keys).size, 1, 'every attempt carried the same key');
    assert.match(keys[0]!, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a UUIDv7');
    await context.close();
  });

  it('a session that ended while the write waited asks for a login, then sends it', async () => {
    const { context, page, username } = await signedInPhone();
    const comment = `Sent after logging in again ${Date.now()}`;
    await goOffline(context);
    await leaveFeedback(page, comment);
    await destroySessionOnServer(context, server);

    await goOnline(context);
    const prompt = statusLine(page, 'Your session ended.');
    await prompt.waitFor();
    assert.equal(await serverCommentCount(server, restroom.id, comment), 0);

    await prompt.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await eventually(() => serverCommentCount(server, restroom.id, comment), 1, 'comments on the server');
    await statusLine(page, /waiting|session ended/).waitFor({ state: 'detached' });
    await context.close();
  });

  it('a write the server refuses is shown as failed with its message, and Discard removes it', async () => {
    const { context, page } = await signedInPhone();
    const comment = `Refused ${Date.now()}`;
    await context.route('**/api/feedback', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'That comment breaks the house rules.', field: 'comment' }),
      }),
    );

    await leaveFeedback(page, comment);
    const failed = statusLine(page, "1 change couldn't be sent");
    await failed.waitFor();
    await queuedComment(page, comment).getByText("Couldn't be sent").waitFor();

    await failed.getByRole('link', { name: 'Review' }).click();
    const waiting = page.getByRole('region', { name: 'Waiting to be sent' });
    await waiting.getByText("Couldn't be sent: That comment breaks the house rules.").waitFor();
    await waiting.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, discard it' }).click();
    await waiting.getByText('That comment breaks the house rules.').waitFor({ state: 'detached' });
    await failed.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/bathrooms/${restroom.id}`);
    await page.getByRole('heading', { level: 1, name: restroom.name }).waitFor();
    assert.equal(await queuedComment(page, comment).count(), 0);
    assert.equal(await serverCommentCount(server, restroom.id, comment), 0);
    await context.close();
  });

  it('a write held past the key window is refused, never applied, and offers Discard only', async () => {
    const { context, page } = await signedInPhone();
    const comment = `Held for a year ${Date.now()}`;
    await goOffline(context);
    await leaveFeedback(page, comment);
    // What a year of sweeps leaves behind: keys made up to now can no longer be proven unused.
    setWriteKeyFloor(Date.now());
    try {
      await goOnline(context);
      const failed = statusLine(page, "1 change couldn't be sent");
      await failed.waitFor();
      await failed.getByRole('link', { name: 'Review' }).click();
      const item = page.getByRole('region', { name: 'Waiting to be sent' }).getByRole('listitem').filter({ hasText: 'waited too long' });
      await item.getByText("Couldn't be sent: This change waited too long to be sent").waitFor();
      assert.equal(await item.getByRole('button', { name: 'Discard' }).count(), 1);
      assert.equal(await item.getByRole('button', { name: 'Edit' }).count(), 0, 'an edit would go under the same key and be refused again');
      assert.equal(await serverCommentCount(server, restroom.id, comment), 0);
    } finally {
      setWriteKeyFloor(0);
    }
    await context.close();
  });

  it('with no page open, a background-sync event fired over the DevTools protocol sends the queue', async () => {
    const { context, page } = await signedInPhone();
    const comment = `Sent from a pocket ${Date.now()}`;
    await goOffline(context);
    await leaveFeedback(page, comment);
    await queuedComment(page, comment).getByText('Not sent yet').waitFor();

    // DevTools' ServiceWorker domain lives on page targets; a blank tab of another origin hosts it.
    const blank = await context.newPage();
    const devtools = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    const id = await registrationId;

    await page.close();
    assert.equal(await serverCommentCount(server, restroom.id, comment), 0, 'nothing was sent while offline');
    // Back online, Chromium may fire the registered sync by itself before the protocol's event: either
    // way the service worker sends it with no page open, and once.
    await goOnline(context);
    await devtools.send('ServiceWorker.dispatchSyncEvent', { origin: server.url, registrationId: id, tag: 'allstall-outbox', lastChance: false });
    await eventually(() => serverCommentCount(server, restroom.id, comment), 1, 'comments on the server');

    const later = await context.newPage();
    await later.goto(`${server.url}/bathrooms/${restroom.id}`);
    await queuedComment(later, comment).waitFor();
    assert.equal(await queuedComment(later, comment).getByText('Not sent yet').count(), 0);
    assert.equal(await serverCommentCount(server, restroom.id, comment), 1, 'sent once, whichever sync event sent it');
    await context.close();
  });
});
