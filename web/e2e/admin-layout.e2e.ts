import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startFakeRefuge, type FakeRefuge } from '../../api/test/fakes/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startAppServer, type AppServer } from './support/app-server.js';
import { goOffline, goOnline, launchChromium } from './support/browser.js';
import { eventually, nearestRestroom, publicRestroomsNamed, signIn, signUp, writeAs } from './support/server-api.js';

/*
 * The admin screens on a laptop and on a phone, in the production build: every row's buttons in
 * view without scrolling sideways from 1024 px up, the Refuge import's phone cards labelled, and
 * each decision confirmed in words (done, or saved to send later with no connection), the flag
 * review's proposal beside the original on a desktop, and the way back from /admin/contact.
 */

// Long words are what pushed the Approve column out of its box.
const LONG_NAME = 'Minneapolis Institute of Art, Target Wing lower level family restroom';
const LONG_STREET = '2400 Third Avenue South, Minneapolis, Minnesota 55404';
const TO_APPROVE = 'Spyhouse Coffee Northeast';
const TO_EDIT = 'Moon Palace Books';
const TO_APPROVE_OFFLINE = 'Midtown Global Market';

// A suggestion long enough to fill its side of the review.
const FLAGGED_NAME = 'Hennepin County Central Library, second floor family restroom by the elevators';

let server: AppServer;
let flagged: { id: string; name: string };
let refuge: FakeRefuge;
let browser: Browser;

function newRestroom(name: string, index: number) {
  return {
    bathroomToAdd: {
      name,
      formatted_address: LONG_STREET,
      accessible: true,
      access: 'public',
      unisex: true,
      changing_table: true,
      single_stall: true,
      latitude: 44.95 + index * 0.001,
      longitude: -93.27,
      comment: 'Family room by the coat check, ask at the front desk for the code.',
    },
    bathroomHours: null,
  };
}

before(async () => {
  refuge = await startFakeRefuge();
  server = await startAppServer({ REFUGE_API_URL: refuge.url, GEOCODER_URL: 'http://127.0.0.1:9' });
  browser = await launchChromium();
  const contributor = await browser.newContext();
  await signUp(contributor, server);
  for (const [index, name] of [LONG_NAME, TO_APPROVE, TO_EDIT, TO_APPROVE_OFFLINE].entries()) {
    await writeAs(contributor, server, 'POST', '/api/bathrooms', newRestroom(name, index));
  }
  flagged = await nearestRestroom(server);
  await writeAs(contributor, server, 'POST', '/api/flags', {
    restroom_id: flagged.id,
    name: FLAGGED_NAME,
    street: LONG_STREET,
    city: 'Minneapolis',
    state: 'MN',
    accessible: true,
    changing_table: true,
    unisex: true,
    menstrual_products: null,
    is_single_stall: false,
    access: 'customers',
    other: 'The code is on the receipt; the door sticks, push hard.',
    is_closed: false,
  });
  await writeAs(contributor, server, 'POST', '/api/contact', { details: 'The Spyhouse restroom has a new code.' });
  await contributor.close();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await refuge?.stop();
});

async function adminAt(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'allow' });
  await signIn(context, server, ADMIN_USERNAME, ADMIN_PASSWORD);
  return { context, page: await context.newPage() };
}

/** The flag review of the suggestion made in `before`, open with its proposal shown. */
async function openFlagReview(page: Page): Promise<Locator> {
  await page.goto(`${server.url}/admin?tab=flagged`);
  await page.getByRole('button', { name: `Review suggested edits for ${flagged.name}` }).click();
  const review = page.getByRole('dialog', { name: 'Review suggested edits' });
  await review.getByText(FLAGGED_NAME).waitFor();
  return review;
}

/**
 * Every button of a table's scroll area that is not fully inside the area's visible box, or that
 * something else covers at its centre, each in words; [] when all are in reach. Each is brought into
 * the window by scrolling the page only: scrolling the area sideways would hide the problem.
 */
function buttonsOutOfReach(area: Locator): Promise<string[]> {
  return area.evaluate((element) => {
    const problems: string[] = [];
    for (const button of element.querySelectorAll('button')) {
      window.scrollBy(0, button.getBoundingClientRect().top - window.innerHeight / 2);
      const box = element.getBoundingClientRect();
      const visible = { left: box.left + element.clientLeft, top: box.top + element.clientTop };
      const rect = button.getBoundingClientRect();
      const name = button.getAttribute('aria-label') ?? button.textContent;
      const inside =
        rect.left >= visible.left &&
        rect.right <= visible.left + element.clientWidth &&
        rect.top >= visible.top &&
        rect.bottom <= visible.top + element.clientHeight;
      if (!inside) problems.push(`${name}: at x ${Math.round(rect.left)}–${Math.round(rect.right)}, the box shows ${Math.round(visible.left)}–${Math.round(visible.left + element.clientWidth)}`);
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (!hit || !button.contains(hit)) problems.push(`${name}: its centre shows ${hit?.tagName ?? 'nothing'}`);
    }
    if (element.scrollLeft !== 0) problems.push(`the box was scrolled sideways by ${element.scrollLeft}px`);
    return problems;
  });
}

describe('admin layout', () => {
  for (const width of [1024, 1280]) {
    it(`shows every Approve, Edit, Reject and Delete button of 'Approve Bathrooms' in its box at ${width} px`, async () => {
      const { context, page } = await adminAt(width, 800);
      try {
        await page.goto(`${server.url}/admin`);
        const area = page.getByRole('region', { name: 'Bathrooms to approve' });
        await area.getByRole('button', { name: `Approve ${LONG_NAME}` }).waitFor();
        assert.ok((await area.getByRole('button', { name: /^Approve / }).count()) >= 4, 'every pending restroom has its Approve');
        assert.deepEqual(await buttonsOutOfReach(area), []);
      } finally {
        await context.close();
      }
    });

    it(`shows the buttons of /admin/editbathrooms in its box at ${width} px`, async () => {
      const { context, page } = await adminAt(width, 800);
      try {
        await page.goto(`${server.url}/admin/editbathrooms`);
        const area = page.getByRole('region', { name: 'All bathrooms' });
        await area.getByRole('button', { name: /^Delete from database / }).first().waitFor();
        assert.deepEqual(await buttonsOutOfReach(area), []);

        await page.getByRole('textbox', { name: 'Enter name, id' }).fill('Minneapolis Institute');
        await area.getByRole('button', { name: `Delete from database ${LONG_NAME}` }).waitFor();
        assert.deepEqual(await buttonsOutOfReach(area), []);
      } finally {
        await context.close();
      }
    });
  }

  for (const width of [1024, 1280]) {
    it(`sets the suggested edits beside the original at ${width} px, every button label on one line`, async () => {
      const { context, page } = await adminAt(width, 800);
      try {
        const review = await openFlagReview(page);
        // No named functions inside: the page has none of the helpers tsx would name them with.
        const layout = await review.evaluate((dialog) => {
          const [suggested, original] = [...dialog.querySelectorAll('section')].map((side) => ({
            heading: side.querySelector('h3')?.textContent,
            ...side.getBoundingClientRect().toJSON(),
          }));
          const buttons = [...dialog.querySelectorAll('.dialog__actions button')].map((button) => {
            const words = document.createRange();
            words.selectNodeContents(button);
            // One line box: every fragment of the label sits on the same line.
            const lines = new Set([...words.getClientRects()].map((rect) => Math.round(rect.top)));
            return { label: button.textContent, lines: lines.size, ...button.getBoundingClientRect().toJSON() };
          });
          return { dialog: dialog.getBoundingClientRect().toJSON(), suggested, original, buttons };
        });
        assert.equal(layout.suggested?.heading, 'Suggested');
        assert.equal(layout.original?.heading, 'Original');
        assert.ok(layout.suggested!.right <= layout.original!.left, 'the proposal on the left, the original on its right');
        assert.ok(Math.abs(layout.suggested!.top - layout.original!.top) < 2, 'the two sides start on the same line');
        assert.ok(layout.dialog.width >= 700, `a dialog wide enough for two sides (${Math.round(layout.dialog.width)} px)`);
        assert.deepEqual(
          layout.buttons.map((button) => button.label),
          ['Close', 'Reject suggestions', 'Edit', 'Approve'],
        );
        for (const button of layout.buttons) {
          assert.equal(button.lines, 1, `'${button.label}' on one line`);
          assert.ok(button.left >= layout.dialog.left && button.right <= layout.dialog.right, `'${button.label}' inside the dialog`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('stacks the suggested edits above the original on a phone, the buttons wrapping whole', async () => {
    const { context, page } = await adminAt(320, 640);
    try {
      const review = await openFlagReview(page);
      const layout = await review.evaluate((dialog) => {
        const [suggested, original] = [...dialog.querySelectorAll('section')].map((side) => side.getBoundingClientRect().toJSON());
        const wrapped = [...dialog.querySelectorAll('.dialog__actions button')].filter((button) => {
          const words = document.createRange();
          words.selectNodeContents(button);
          return new Set([...words.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        });
        return { suggested, original, wrapped: wrapped.map((button) => button.textContent), sideways: dialog.scrollWidth - dialog.clientWidth };
      });
      assert.ok(layout.original!.top >= layout.suggested!.bottom, 'the original under the proposal');
      assert.deepEqual(layout.wrapped, [], 'no button label wraps');
      assert.equal(layout.sideways, 0, 'nothing wider than the dialog');
    } finally {
      await context.close();
    }
  });

  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    it(`leads from /admin/contact back to the admin tabs at ${width} px`, async () => {
      const { context, page } = await adminAt(width, height);
      try {
        await page.goto(`${server.url}/admin/contact`);
        await page.getByRole('table', { name: 'User Contact Details' }).getByText('The Spyhouse restroom has a new code.').waitFor();
        const back = page.getByRole('link', { name: 'Back to admin' });
        const box = await back.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= height, 'the way back is on the first screen');
        assert.ok(box.height >= 44, `a tap target of ${Math.round(box.height)} px`);
        const others = page.getByRole('navigation', { name: 'Other admin pages' });
        assert.deepEqual(await others.getByRole('link').allTextContents(), ['Edit bathrooms', 'Load bathrooms from Refuge', 'Geocoding and places tools']);

        await back.click();
        await page.waitForURL(`${server.url}/admin`);
        await page.getByRole('tab', { name: 'Approve Bathrooms', selected: true }).waitFor();
      } finally {
        await context.close();
      }
    });
  }

  it('marks a table wider than its box with scroll shadows, and scrolls it with the keyboard', async () => {
    const { context, page } = await adminAt(720, 800);
    try {
      await page.goto(`${server.url}/admin`);
      const area = page.getByRole('region', { name: 'Bathrooms to approve' });
      await area.getByRole('button', { name: `Approve ${LONG_NAME}` }).waitFor();
      const overflow = await area.evaluate((element) => element.scrollWidth - element.clientWidth);
      assert.ok(overflow > 0, 'at 720 px the table is wider than its box');
      const background = await area.evaluate((element) => {
        const style = getComputedStyle(element);
        return { backgroundImage: style.backgroundImage, backgroundAttachment: style.backgroundAttachment };
      });
      assert.match(background.backgroundImage, /radial-gradient.*radial-gradient/, 'a shadow for each side');
      assert.match(background.backgroundAttachment, /local.*scroll/, 'the covers travel with the content, the shadows stay');

      await area.focus();
      for (let press = 0; press < 40; press++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction((element) => element !== null && element.scrollLeft >= element.scrollWidth - element.clientWidth - 1, await area.elementHandle());
      assert.deepEqual(
        (await buttonsOutOfReach(area)).filter((problem) => problem.startsWith(`Approve ${LONG_NAME}:`)),
        [],
        'scrolled to its end, the Approve column is in the box',
      );
    } finally {
      await context.close();
    }
  });

  it('labels every value of a Refuge listing on a phone, each card within the screen', async () => {
    const { context, page } = await adminAt(390, 844);
    try {
      await page.goto(`${server.url}/admin/addbathrooms`);
      await page.getByRole('button', { name: 'Load bathrooms' }).click();
      const area = page.getByRole('region', { name: 'Bathrooms from Refuge Restrooms (10)' });
      await area.getByRole('rowheader').first().waitFor();

      const cards = await area.evaluate((element) => {
        const headers = [...element.querySelectorAll('thead th')].map((cell) => cell.textContent);
        return {
          headers,
          sideways: element.scrollWidth - element.clientWidth,
          rows: [...element.querySelectorAll('tbody tr')].map((row) =>
            [...row.children].map((cell) => {
              const label = getComputedStyle(cell, '::before');
              return {
                value: cell.textContent,
                // The label as drawn: `content` is the quoted text.
                label: label.display === 'none' || label.visibility !== 'visible' ? null : label.content,
                width: cell.getBoundingClientRect().width,
                labelColumn: Number.parseFloat(getComputedStyle(cell).gridTemplateColumns),
              };
            }),
          ),
        };
      });
      assert.equal(cards.rows.length, 10);
      assert.equal(cards.sideways, 0, 'no card is wider than the screen');
      for (const cells of cards.rows) {
        assert.deepEqual(
          cells.map((cell) => cell.label),
          cards.headers.map((header) => JSON.stringify(header)),
          `the card of ${cells[0]?.value} labels each value with its column`,
        );
        for (const cell of cells) assert.ok(cell.labelColumn > 40, `${cell.label} has room beside ${cell.value}`);
      }
      const values = cards.rows.flatMap((cells) => cells.map((cell) => `${cell.label} ${cell.value}`));
      assert.ok(values.includes('"Latitude" 44.97993'), 'the library’s latitude, labelled');
    } finally {
      await context.close();
    }
  });

  it("confirms Approve and Save edits in words, and an approval made offline as saved to send later until it is sent", async () => {
    const { context, page } = await adminAt(1280, 800);
    const said = (text: string) => page.getByRole('status').filter({ hasText: text });
    try {
      await page.goto(`${server.url}/admin`);
      const area = page.getByRole('region', { name: 'Bathrooms to approve' });

      await area.getByRole('button', { name: `Approve ${TO_APPROVE}` }).click();
      await said(`Approved ${TO_APPROVE}.`).waitFor();
      await eventually(async () => (await publicRestroomsNamed(server, TO_APPROVE)).length, 1, 'the approved restroom on the server');
      await area.getByRole('button', { name: `Approve ${TO_APPROVE}` }).waitFor({ state: 'detached' });
      await said(`Approved ${TO_APPROVE}.`).waitFor();

      await area.getByRole('button', { name: `Edit ${TO_EDIT}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit bathroom info:' });
      await dialog.getByRole('textbox', { name: 'Comment for admin:' }).fill('Checked the sign on the door.');
      await dialog.getByRole('button', { name: 'Save edits' }).click();
      await said(`Saved changes to ${TO_EDIT}.`).waitFor();

      await goOffline(context);
      await area.getByRole('button', { name: `Approve ${TO_APPROVE_OFFLINE}` }).click();
      await said(`Saved to send later: Approve ${TO_APPROVE_OFFLINE}.`).waitFor();
      assert.equal(await said(`Approved ${TO_APPROVE_OFFLINE}.`).count(), 0, 'not said to be approved while it waits');
      assert.equal((await publicRestroomsNamed(server, TO_APPROVE_OFFLINE)).length, 0);

      await goOnline(context);
      await said(`Approved ${TO_APPROVE_OFFLINE}.`).waitFor({ timeout: 30_000 });
      await eventually(async () => (await publicRestroomsNamed(server, TO_APPROVE_OFFLINE)).length, 1, 'the approval sent once back online');
    } finally {
      await context.close();
    }
  });
});
