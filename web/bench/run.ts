/**
 * `pnpm bench`: prints the figures we watch. Each is measured on the production build served by the
 * real api, in Debian's Chromium, on this machine; run it on a quiet machine and compare runs, not
 * machines. Budgets are printed beside the figures; a figure over budget is a finding, not a failure.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startAppServer } from '../e2e/support/app-server.js';
import { launchChromium, newPhoneContext } from '../e2e/support/browser.js';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** gzip size of every script the first page load of /bathrooms fetches before the app runs. */
function initialJavaScriptGzipBytes(): { files: string[]; bytes: number } {
  const html = readFileSync(`${distDir}index.html`, 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(`${distDir}${file}`), { level: 9 }).length, 0);
  return { files, bytes };
}

async function fullSyncIntoIndexedDb(runs: number): Promise<Array<{ ms: number; wireBytes: number; rows: number }>> {
  const server = await startAppServer();
  const browser = await launchChromium();
  const results = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh context is a fresh device: empty IndexedDB, no service worker yet.
      const context = await newPhoneContext(browser);
      const page = await context.newPage();
      let firstSyncRequestAt = 0;
      let wireBytes = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/sync') && firstSyncRequestAt === 0) firstSyncRequestAt = performance.now();
      });
      page.on('response', async (response) => {
        if (!response.url().includes('/api/sync')) return;
        const sizes = await response.request().sizes().catch(() => null);
        if (sizes) wireBytes += sizes.responseBodySize + sizes.responseHeadersSize;
      });
      await page.goto(`${server.url}/bathrooms`);
      await page.getByText(/\d+ restrooms saved on this device/i).waitFor({ timeout: 60_000 });
      const doneAt = performance.now();
      const rows = await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('allstall');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('restrooms').objectStore('restrooms').count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => reject(count.error);
            };
          }),
      );
      results.push({ ms: doneAt - firstSyncRequestAt, wireBytes, rows });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const js = initialJavaScriptGzipBytes();
console.log(`initial JavaScript of /bathrooms (gzip): ${(js.bytes / 1024).toFixed(1)} KB  [budget 150 KB]  (${js.files.join(', ')})`);

const syncs = await fullSyncIntoIndexedDb(5);
const first = syncs[0]!;
console.log(
  `full sync of the demo restrooms into IndexedDB: median ${median(syncs.map((s) => s.ms)).toFixed(0)} ms over ${syncs.length} fresh devices ` +
    `(${syncs.map((s) => s.ms.toFixed(0)).join(', ')} ms); ${first.rows} rows stored; ${(first.wireBytes / 1024).toFixed(1)} KB over the wire`,
);
