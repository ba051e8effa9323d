import { writeFileSync } from 'node:fs';
import { startBenchServer } from './bench/support/bench-server.js';
import { COUNTRY_LAYOUT } from './bench/support/country-layout.js';
import { warmUpPieces } from './bench/support/snapshot-warm-up.js';
import { launchChromium, newPhoneContext } from './e2e/support/browser.js';
import { waitForEveryRestroomSaved, watchFirstSync } from './e2e/support/first-sync-watch.js';

const N = Number(process.env.N ?? 100_000);
const view = (process.env.VIEW ?? 'list') as 'list' | 'map';
const server = await startBenchServer(N, {}, COUNTRY_LAYOUT);
console.log('pieces', await warmUpPieces(server));
const browser = await launchChromium();
const context = await newPhoneContext(browser);
await watchFirstSync(context, view);
const page = await context.newPage();
page.on('console', (m) => { if (m.text().includes('TIMING')) console.log(m.text()); });
page.on('worker', (w) => w.on('console', (m) => { if (m.text().includes('TIMING')) console.log('W', m.text()); }));
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.goto(`${server.url}/bathrooms`);
const saved = await waitForEveryRestroomSaved(page, N, 600_000);
console.log('saved at', saved, 'wall', Date.now() - t0);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/page-profile.json', JSON.stringify(profile));
// Self time per function.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
const dt = profile.timeDeltas ?? [];
profile.samples!.forEach((id, at) => self.set(id, (self.get(id) ?? 0) + (dt[at] ?? 0)));
const totals = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id)!;
  const frame = node.callFrame;
  const key = `${frame.functionName || '(anon)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
  totals.set(key, (totals.get(key) ?? 0) + us);
}
const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 40);
for (const [key, us] of top) console.log((us / 1000).toFixed(0).padStart(7), 'ms', key);
const record = await page.evaluate(() => (window as unknown as { __firstSync: { longTasks?: unknown } }).__firstSync);
console.log(JSON.stringify(record).slice(0, 1500));
await browser.close();
await server.stop();
