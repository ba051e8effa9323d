import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, goOnline, launchChromium, newPhoneContext } from './support/browser.js';
import { say } from './support/catalog-text.js';
import { nearestRestroom, signIn, signUp, writeAs } from './support/server-api.js';

/*
 * allstall in Spanish, end to end in the production build (docs/i18n.md): a browser whose language
 * is Spanish gets the app in Spanish, from the list to an offline write's status and a server's
 * refusal; the drawer switches to English and back, and the choice outlives a reload, also offline.
 * The words are looked up in the catalogs by id (`say`), which refuses a Spanish text that reads as
 * the English one.
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

/** A phone whose browser prefers Spanish (navigator.languages = ['es-US']). */
const spanishPhone = (): Promise<BrowserContext> => newPhoneContext(browser, { locale: 'es-US' });

/** The list with every restroom saved and the service worker in control, so the app also works offline. */
async function installed(page: Page, lang: 'en' | 'es'): Promise<number> {
  const total = ((await (await fetch(`${server.url}/api/bathrooms`)).json()) as unknown[]).length;
  await page.goto(`${server.url}/bathrooms`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(say(lang, 'saved.count', { n: total })).waitFor();
  return total;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Picks a language in the drawer's Language select (its label in the language shown now). */
async function chooseLanguage(page: Page, shown: 'en' | 'es', option: 'English' | 'Español'): Promise<void> {
  await page.locator('.top-bar').getByRole('button', { name: say(shown, 'nav.menu') }).click();
  const drawer = page.locator('dialog.nav-drawer[open]');
  await drawer.getByRole('combobox', { name: say(shown, 'settings.language') }).selectOption({ label: option });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

/** 'I peed here!' → thumbs up and a comment → Submit, and the thank-you alert dismissed, all in Spanish. */
async function leaveFeedbackInSpanish(page: Page, comment: string): Promise<void> {
  await page.getByRole('button', { name: say('es', 'detail.peedHere') }).click();
  const dialog = page.getByRole('dialog', { name: say('es', 'feedback.title') });
  await dialog.getByRole('button', { name: say('es', 'feedback.thumbsUp') }).click();
  await dialog.getByRole('textbox', { name: say('es', 'feedback.comment') }).fill(comment);
  await dialog.getByRole('button', { name: say('es', 'feedback.submit') }).click();
  const thanks = page.getByRole('alertdialog', { name: say('es', 'writes.alert.thanksForSharing') });
  await thanks.getByRole('button', { name: say('es', 'dialog.ok'), exact: true }).click();
}

describe('a browser that prefers Spanish', () => {
  it('gets the list, a restroom, the feedback dialog, an offline write and a server refusal in Spanish', async () => {
    const context = await spanishPhone();
    await signUp(context, server);
    const page = await context.newPage();
    await installed(page, 'es');
    assert.equal(await htmlLang(page), 'es');
    await page.getByRole('heading', { level: 1, name: say('es', 'list.heading') }).waitFor();
    await page.getByRole('button', { name: say('es', 'list.listView') }).click();
    await page.getByRole('heading', { level: 2, name: restroom.name }).first().waitFor();

    // Another restroom, which the admin deletes while this phone's feedback on it waits offline.
    const all = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Array<{ id: string; name: string }>;
    const doomed = all.find((candidate) => candidate.id !== restroom.id && candidate.name !== restroom.name);
    assert.ok(doomed, 'a second restroom');
    await page.goto(`${server.url}/bathrooms/${doomed.id}`);
    await page.getByRole('heading', { level: 1, name: doomed.name }).waitFor();

    await goOffline(context);
    const comment = `Comentario sin señal ${Date.now()}`;
    await leaveFeedbackInSpanish(page, comment);
    const waiting = page.getByRole('status').filter({ hasText: say('es', 'writes.statusBar.waiting', { n: 1 }) });
    await waiting.waitFor();
    await page.getByText(say('es', 'writes.outbox.statusPending')).first().waitFor();

    const admin = await browser.newContext();
    try {
      await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
      await writeAs(admin, server, 'DELETE', `/api/bathrooms/${doomed.id}`);
    } finally {
      await admin.close();
    }
    await goOnline(context);

    // The server refuses it (the restroom is gone): said in Spanish by the refusal's code.
    const failed = page.getByRole('status').filter({ hasText: say('es', 'writes.statusBar.failed', { n: 1 }) });
    await failed.waitFor();
    await failed.getByRole('link', { name: say('es', 'writes.statusBar.review') }).click();
    const section = page.getByRole('region', { name: say('es', 'writes.waiting.title') });
    const reason = say('es', 'writes.outbox.statusFailedBecause', { reason: say('es', 'server.restroom.notFound') });
    await section.getByText(reason).waitFor();
    await context.close();
  });

  it('switches to English and back in the drawer, and keeps the choice after a reload, offline too', async () => {
    const context = await spanishPhone();
    const page = await context.newPage();
    const total = await installed(page, 'es');

    await chooseLanguage(page, 'es', 'English');
    await page.getByRole('heading', { level: 1, name: say('en', 'list.heading') }).waitFor();
    assert.equal(await htmlLang(page), 'en');
    // Chosen on this device, English outranks the browser's Spanish after a reload…
    await page.reload();
    await page.getByText(say('en', 'saved.count', { n: total })).waitFor();
    assert.equal(await htmlLang(page), 'en');

    // …and with no signal, where Spanish comes from the service worker's copy.
    await goOffline(context);
    await page.reload();
    await page.getByText(say('en', 'saved.count', { n: total })).waitFor();
    await chooseLanguage(page, 'en', 'Español');
    await page.getByRole('heading', { level: 1, name: say('es', 'list.heading') }).waitFor();
    assert.equal(await htmlLang(page), 'es');
    await page.reload();
    await page.getByText(say('es', 'saved.count', { n: total })).waitFor();
    assert.equal(await htmlLang(page), 'es');
    await goOnline(context);
    await context.close();
  });
});
