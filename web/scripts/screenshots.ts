/**
 * `pnpm --filter @allstall/web screenshots`: retakes the README's screenshots of the production build
 * (run `npx pnpm@10 build` first) at phone size, against fake geocoder and tile servers so no
 * request leaves the machine. The fake tiles are plain, so the map shows pins on a blank grid. The
 * map, the list and a restroom are also taken in Spanish, in dark, and in both.
 */
import { fileURLToPath } from 'node:url';
import { startFakeOverpass, startFakePhoton } from '../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer } from '../e2e/support/app-server.js';
import { launchChromium, newPhoneContext } from '../e2e/support/browser.js';
import { startFakeTileServer } from '../e2e/support/fake-tile-server.js';
import { say } from '../e2e/support/catalog-text.js';
import { eventually, signIn, signUp } from '../e2e/support/server-api.js';

const out = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url));

/** The id of the first public restroom of that name. */
async function restroomNamed(name: string): Promise<string> {
  const rows = (await (await fetch(`${server.url}/api/bathrooms`)).json()) as Array<{ id: string; name: string }>;
  const row = rows.find((candidate) => candidate.name.startsWith(name));
  if (!row) throw new Error(`No restroom named ${name} in the demo data`);
  return row.id;
}

const [photon, overpass, tiles] = await Promise.all([startFakePhoton(), startFakeOverpass(), startFakeTileServer()]);
const server = await startAppServer({ GEOCODER_URL: photon.url, OVERPASS_URL: overpass.url, TILE_URL: tiles.template });
const browser = await launchChromium();
try {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  // No transitions: a card's chevron is pictured turned, not half way through turning.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}/bathrooms`);
  await page.getByText(/restrooms saved on this device/i).waitFor();
  await page.locator('.leaflet-marker-icon').first().waitFor();
  await page.screenshot({ path: out('map') });

  await page.locator('.leaflet-marker-icon.map-pin').first().click();
  await page.locator('.leaflet-popup').getByRole('link', { name: 'Directions' }).waitFor();
  // Leaflet pans the map to fit the popup; the picture waits until it has stopped.
  await page.waitForFunction(() => !document.querySelector('.leaflet-pan-anim, .leaflet-zoom-anim'));
  await page.screenshot({ path: out('map-popup') });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'List view' }).click();
  await page.locator('.restroom-card').nth(2).locator('.restroom-card__header').click();
  await page.screenshot({ path: out('list') });

  // Gender-neutral and open to the public, with the restrooms nobody has told us about yet.
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: 'Gender-neutral' }).check();
  await filters.getByRole('checkbox', { name: 'Open to the public' }).check();
  await filters.getByRole('switch', { name: 'Include unknown' }).check();
  await page.screenshot({ path: out('filters') });
  await filters.getByRole('button', { name: 'Clear all' }).click();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Map view' }).click();

  await page.getByRole('combobox', { name: 'Enter an address' }).pressSequentially('Walker', { delay: 30 });
  await page.getByRole('option').first().waitFor();
  await page.screenshot({ path: out('address-search') });

  await signUp(context, server);
  // A listing whose single stall and access nobody has stated: unknown, with 'Know this? Tell us'.
  await page.goto(`${server.url}/bathrooms/${await restroomNamed('Spyhouse Coffee')}`);
  await page.getByRole('button', { name: 'Still there and as described' }).waitFor();
  await page.locator('.spot-map__pin').waitFor();
  await page.screenshot({ path: out('detail') });

  await page.goto(`${server.url}/addbathroom`);
  await page.getByRole('combobox', { name: 'Address or place name' }).fill('Spyhouse Coffee');
  await page.getByRole('button', { name: 'Search address' }).click();
  await page.getByRole('button', { name: 'Review bathroom info' }).click();
  await page.getByRole('dialog', { name: 'Add more info here:' }).waitFor();
  await page.screenshot({ path: out('add-restroom') });
  await page.getByRole('dialog', { name: 'Add more info here:' }).getByRole('button', { name: 'Submit bathroom' }).click();
  await page.getByRole('alertdialog', { name: 'Thank you!' }).getByRole('button', { name: 'OK', exact: true }).click();
  // The addition waits in the outbox until it is sent: this page stays open until the admin sees it.
  const me = (await (await context.request.get(`${server.url}/api/user`)).json()) as { id: string };
  const addedOnServer = async () => {
    const added = await context.request.get(`${server.url}/api/users/${me.id}/restrooms`);
    return added.ok() && JSON.stringify(await added.json()).includes('Spyhouse');
  };
  await eventually(addedOnServer, true, 'the addition on the server');
  await context.close();

  // In Spanish (the browser's language) and in the dark theme (the system's), as such a phone shows it.
  for (const { locale, lang, colorScheme, suffix } of [
    { locale: 'es-US', lang: 'es', colorScheme: 'light', suffix: 'es' },
    { locale: 'en-US', lang: 'en', colorScheme: 'dark', suffix: 'dark' },
    { locale: 'es-US', lang: 'es', colorScheme: 'dark', suffix: 'es-dark' },
  ] as const) {
    const phone = await newPhoneContext(browser, { locale, colorScheme });
    const screen = await phone.newPage();
    await screen.emulateMedia({ reducedMotion: 'reduce' });
    await screen.goto(`${server.url}/bathrooms`);
    await screen.getByText(say(lang, 'saved.count', { n: 606 })).waitFor();
    await screen.locator('.leaflet-marker-icon').first().waitFor();
    await screen.screenshot({ path: out(`map-${suffix}`) });
    await screen.getByRole('button', { name: say(lang, 'list.listView') }).click();
    await screen.locator('.restroom-card').nth(1).locator('.restroom-card__header').click();
    await screen.screenshot({ path: out(`list-${suffix}`) });
    await screen.goto(`${server.url}/bathrooms/${await restroomNamed('Spyhouse Coffee')}`);
    await screen.getByRole('heading', { level: 1 }).waitFor();
    await screen.locator('.spot-map__pin').waitFor();
    await screen.screenshot({ path: out(`detail-${suffix}`) });
    await phone.close();
  }

  const admin = await newPhoneContext(browser);
  await signIn(admin, server, ADMIN_USERNAME, ADMIN_PASSWORD);
  const adminPage = await admin.newPage();
  await adminPage.goto(`${server.url}/admin`);
  await adminPage.getByRole('button', { name: /^Approve Spyhouse/ }).waitFor();
  await adminPage.screenshot({ path: out('admin-approve') });
  await admin.close();
  console.log('Screenshots written to docs/screenshots/');
} finally {
  await browser.close();
  await server.stop();
  await Promise.all([photon.stop(), overpass.stop(), tiles.stop()]);
}
