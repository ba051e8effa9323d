import type { Browser } from 'playwright-core';
import type { AppServer } from '../e2e/support/app-server.js';
import type { RawReferenceTimings } from './page/raw-reference-timings.js';
import { buildPageScript } from './support/page-bundle.js';

export type { RawReferenceTimings };

let probe: Promise<string> | undefined;

/**
 * The raw reference, in the same browser as the device: a context of its own (its own IndexedDB, so
 * the device's is untouched) on a page of the server's origin that loads no app script, where
 * bench/page/raw-reference.ts fetches and parses what a first sync downloads, stores the compact
 * rows as records of 500 and as one string in a scratch database, and reads both back.
 */
export async function rawReference(browser: Browser, server: AppServer): Promise<RawReferenceTimings> {
  probe ??= buildPageScript('raw-reference.ts');
  const script = await probe;
  // The probe is evaluated, not loaded: the api's Content-Security-Policy is for the app's documents.
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/api/health`);
    await page.evaluate(script);
    return await page.evaluate(() => (globalThis as unknown as { measureRawReference: () => Promise<RawReferenceTimings> }).measureRawReference());
  } finally {
    await context.close();
  }
}

/** The raw first sync: every byte fetched and parsed, then stored as records of 500. */
export const rawFirstSyncMs = (raw: RawReferenceTimings) => raw.fetchMs + raw.parseMs + raw.storeRecordsMs;

/** What the raw reference took, in words, for a figure's note. */
export function rawNote(raw: RawReferenceTimings): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `raw, ${raw.rows.toLocaleString('en-US')} rows from the ${raw.source}: fetch ${ms(raw.fetchMs)}, parse ${ms(raw.parseMs)}, store as ${raw.records} records of 500 ${ms(raw.storeRecordsMs)} (as one string ${ms(raw.storeBlobMs)}), read back the records ${ms(raw.readRecordsMs)} (the string, parsed, ${ms(raw.readBlobMs)})`;
}
