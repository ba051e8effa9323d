import { writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { makePackBytes } from '../api/test/map-pack-archive';
import { startAppServer } from './e2e/support/app-server';
import { launchChromium, newPhoneContext } from './e2e/support/browser';

const dir = mkdtempSync(join(tmpdir(), 'pack-'));
const file = join(dir, 'region.pmtiles');
writeFileSync(file, makePackBytes({ metadataBeyondFirstRead: true }));
const server = await startAppServer({ DEMO_DATA: '0', MAP_PACK_FILE: file });
const browser = await launchChromium();
try {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  page.on('console', (m) => console.log('console:', m.text()));
  await page.goto(server.url + '/bathrooms');
  await page.getByRole('button', { name: 'Menu' }).click();
  const save = page.getByRole('button', { name: /Save the map of/ });
  await save.waitFor({ timeout: 60000 });
  console.log('button:', await save.textContent());
  await save.click();
  await page.locator('.map-pack__note').waitFor({ timeout: 60000 });
  console.log('saved text:', await page.locator('.map-pack__note').textContent());
  const files = await page.evaluate(`(async () => { const d = await (await navigator.storage.getDirectory()).getDirectoryHandle('map-pack'); const out = []; for await (const [n, h] of d.entries()) out.push(n + ':' + (await h.getFile()).size); return out; })()`);
  console.log('opfs:', files);
  await page.screenshot({ path: '/tmp/smoke-drawer.png' });
} finally {
  await browser.close();
  await server.stop();
}
