import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AppServer } from './app-server.js';
import { newPhoneContext } from './browser.js';

/**
 * A phone with the app installed (its service worker in control) and the mirror filled, on
 * /bathrooms; `signedIn` runs first on the fresh context (a login, say).
 */
export async function installedPhone(
  browser: Browser,
  server: AppServer,
  signedIn?: (context: BrowserContext) => Promise<unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newPhoneContext(browser);
  await signedIn?.(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/bathrooms`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByText(/restrooms saved on this device/i).waitFor();
  return { context, page };
}

/** Waits for the alert dialog of that name and closes it with its OK. */
export async function dismissAlert(page: Page, name: string): Promise<void> {
  const alert = page.getByRole('alertdialog', { name });
  await alert.waitFor();
  await alert.getByRole('button', { name: 'OK', exact: true }).click();
}
