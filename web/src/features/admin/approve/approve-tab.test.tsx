import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PendingRestroom } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';
import { admin, adminApi, alreadyHandled, linesOf, makePendingRestroom, offline } from '../shared/admin-test-kit';

const library = makePendingRestroom({ name: 'Quiet Library', street: '300 Nicollet Mall', accessible: true, access: 'public', fee: 'free' });
const cafe = makePendingRestroom({ name: 'Corner Cafe', username: 'river', unisex: false, access: null });

async function renderApprove(pending: () => Promise<PendingRestroom[]>, overrides: Partial<ApiClient> = {}) {
  const { services, router } = await renderRoute('/admin', { services: testServices(adminApi({ '/api/admin/pending': pending }, overrides)), user: admin });
  return { services, router };
}

/** One choice of a Yes / No / Not sure (or 'Who may use it?') group in a dialog. */
const choice = (dialog: HTMLElement, group: string, name: string) =>
  within(within(dialog).getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;

const table = () => screen.findByRole('table', { name: 'Bathrooms to approve' });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
/** 'Comment and hours', in the row under a restroom's. */
const detailsOf = (name: string) => within(rowOf(name).nextElementSibling as HTMLElement).getByRole('group', { name: 'Comment and hours' });

/** The tab's line confirming the admin's latest decision, once it says `text`. */
async function confirmation(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text, {}, { timeout: 15_000 });
  expect(line.getAttribute('role')).toBe('status');
  return line;
}

afterEach(() => vi.restoreAllMocks());

describe("the 'Approve Bathrooms' tab", () => {
  // The first test also waits for every lazily loaded screen: slow on a busy machine.
  it('lists the restrooms waiting for review with who added them, when, where and their amenities', async () => {
    await renderApprove(() => Promise.resolve([library, cafe]));

    const pending = await table();
    expect(within(pending).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Added by',
      'Date added',
      'Bathroom name',
      'Street',
      'City',
      'Amenities',
      'Delete',
      'Edit',
      'Approve',
    ]);
    const row = rowOf('Quiet Library');
    expect(within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['sam', 'Nov 20, 2026', '300 Nicollet Mall', 'Minneapolis']);
    expect(within(row).getByRole('img', { name: 'Wheelchair accessible: yes' })).toBeTruthy();
    expect(within(row).getByText('Open to the public')).toBeTruthy();
    expect(within(row).getByText('Free')).toBeTruthy();
    expect(within(rowOf('Corner Cafe')).getByText('Free to use: unknown')).toBeTruthy();
  }, 30_000);

  it("shows the adder's comment, their note for admins and the hours, in the detail page's words", async () => {
    const described = makePendingRestroom({
      name: 'Open Book',
      adder_comment: 'Family room by the coat check.\nAsk for the code.',
      admin_comment: 'I work there.',
      hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1730 })).concat([{ day: 6, open: 0, close: 0 }]),
    });
    await renderApprove(() => Promise.resolve([described, cafe]));
    await table();

    expect(linesOf(detailsOf('Open Book'))).toEqual([
      'Comment (public once approved): Family room by the coat check.\nAsk for the code.',
      'Comment for admin: I work there.',
      'Hours: Mon–Fri 9am - 5:30pm; Sat Open 24 hours',
    ]);
    // Hours nobody gave say so; no comment, no line.
    expect(linesOf(detailsOf('Corner Cafe'))).toEqual(['Hours: Unknown']);
    // Screen readers hear whose details they are: the cell's header is the restroom's name.
    const cell = detailsOf('Open Book').closest('td')!;
    expect(document.getElementById(cell.getAttribute('headers')!)?.textContent).toBe('Open Book');
  });

  it("draws the adder's comment as text: markup in it is neither a link nor run", async () => {
    const sneaky = makePendingRestroom({ name: 'Sneaky Spot', adder_comment: '<a href="https://example.com">win</a><img src=x onerror="alert(1)">' });
    await renderApprove(() => Promise.resolve([sneaky]));
    await table();

    const details = detailsOf('Sneaky Spot');
    expect(details.textContent).toContain('<a href="https://example.com">win</a><img src=x onerror="alert(1)">');
    expect(details.querySelector('a, img')).toBeNull();
  });

  it("queues one 'restroom-decision' for Approve and shows it in the row at once", async () => {
    const { services } = await renderApprove(() => Promise.resolve([library, cafe]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Quiet Library' }));

    expect(await screen.findByText('Approved — Not sent yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Quiet Library' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve Corner Cafe' })).toBeTruthy();
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'restroom-decision',
      userId: admin.id,
      body: { restroom_id: library.id, name: 'Quiet Library', decision: { status: 'approved' } },
    });
  });

  it('queues Reject, and Undo takes a waiting decision back', async () => {
    const { services } = await renderApprove(() => Promise.resolve([library]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Reject Quiet Library' }));
    expect(await screen.findByText('Rejected — Not sent yet')).toBeTruthy();
    expect((await services.db.outbox.toArray())[0]).toMatchObject({ body: { decision: { status: 'rejected' } } });
    // Its first try has met the dropped connection: it waits on the device, where it can be taken back.
    await waitFor(async () => expect((await services.db.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 1 }));

    // The row hears of it a moment after the outbox does; until then it says 'Sending…', without Undo.
    const said = await confirmation('Saved to send later: Reject Quiet Library.');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo Quiet Library' }));
    expect(await screen.findByRole('button', { name: 'Approve Quiet Library' })).toBeTruthy();
    expect(await services.db.outbox.count()).toBe(0);
    // Taken back, it is neither saved nor done.
    expect(said.textContent).toBe('');
  }, 30_000);

  it('says "Approved NAME." once the server has the approval, after the row has left the list', async () => {
    let pending = [library, cafe];
    const sendWrite = vi.fn(() => {
      pending = [cafe];
      return Promise.resolve(null);
    });
    await renderApprove(() => Promise.resolve(pending), { sendWrite });
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Quiet Library' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: /Quiet Library/ })).toBeNull(), { timeout: 15_000 });
    await confirmation('Approved Quiet Library.');
    expect(sendWrite).toHaveBeenCalledWith(expect.objectContaining({ method: 'PATCH', path: `/api/bathrooms/${library.id}`, body: { status: 'approved' } }));
  }, 30_000);

  it('says "Saved changes to NAME." after Save edits', async () => {
    await renderApprove(() => Promise.resolve([library]), { sendWrite: () => Promise.resolve(null) });
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Quiet Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bathroom info:' });
    fireEvent.change(within(dialog).getByLabelText('Comment for admin:'), { target: { value: 'Checked the sign' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save edits' }));

    await confirmation('Saved changes to Quiet Library.');
  }, 30_000);

  it('offline, says an approval is saved to send later, and that it is approved once it has gone', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sendWrite = vi.fn(() => Promise.resolve(null));
    const { services } = await renderApprove(() => Promise.resolve([library]), { sendWrite });
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Quiet Library' }));

    const said = await confirmation('Saved to send later: Approve Quiet Library.');
    expect(screen.queryByText('Approved Quiet Library.')).toBeNull();

    online.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    await services.outbox.flush();
    await waitFor(() => expect(said.textContent).toBe('Approved Quiet Library.'), { timeout: 15_000 });
    expect(sendWrite).toHaveBeenCalledTimes(1);
  }, 30_000);

  it("deletes only after 'Yes, flush it!', then says it is deleted", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { services } = await renderApprove(() => Promise.resolve([library]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Quiet Library' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    // The spec's words, after the restroom they are about.
    expect(linesOf(question)).toEqual(['Delete “Quiet Library” from the database.', "You won't be able to revert this!"]);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Quiet Library' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, flush it!' }));

    const done = await screen.findByRole('alertdialog', { name: 'Deleted!' });
    expect(done.textContent).toContain('This bathroom has been permanently deleted from the database.');
    expect(done.textContent).toContain("It will be sent automatically when you're back online.");
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'restroom-delete', body: { restroom_id: library.id, name: 'Quiet Library' } }]);
    expect(screen.getByText('Deleted — Not sent yet')).toBeTruthy();
  });

  it("sends the edited fields and the 'Comment for admin:' from 'Edit bathroom info:'", async () => {
    const { services } = await renderApprove(() => Promise.resolve([library]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Quiet Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bathroom info:' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Central Library' } });
    fireEvent.click(choice(dialog, 'Changing table', 'Yes'));
    fireEvent.change(within(dialog).getByLabelText('Comment for admin:'), { target: { value: 'Checked the sign' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save edits' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await services.db.outbox.toArray()).toMatchObject([
      {
        kind: 'restroom-decision',
        body: { restroom_id: library.id, decision: { name: 'Central Library', changing_table: true, admin_comment: 'Checked the sign' } },
      },
    ]);
    // The row shows the edit before it is sent, and can still be approved.
    expect(await screen.findByText('Edited — Not sent yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve Central Library' })).toBeTruthy();
  });

  it("shows unknown as 'Not sure' in 'Edit bathroom info:', and sends null for a value set back to it", async () => {
    const unsure = makePendingRestroom({ name: 'Quiet Library', unisex: null, accessible: true, access: 'customers' });
    const { services } = await renderApprove(() => Promise.resolve([unsure]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Quiet Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bathroom info:' });
    expect(choice(dialog, 'Gender-neutral', 'Not sure').checked).toBe(true);
    expect(choice(dialog, 'Wheelchair accessible', 'Yes').checked).toBe(true);
    expect(choice(dialog, 'Who may use it?', 'Customers only').checked).toBe(true);
    expect(choice(dialog, 'Free to use', 'Not sure').checked).toBe(true);

    fireEvent.click(choice(dialog, 'Wheelchair accessible', 'Not sure'));
    fireEvent.click(choice(dialog, 'Who may use it?', 'Not sure'));
    fireEvent.click(choice(dialog, 'Free to use', 'No'));
    fireEvent.click(choice(dialog, 'Gender-neutral', 'No'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save edits' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ decision: { accessible: null, access: null, unisex: false, fee: 'paid' } });
    expect(row?.body).toHaveProperty('decision.accessible', null);
    expect(row?.body).toHaveProperty('decision.access', null);
  });

  it('keeps the editor open on a blank name and says why', async () => {
    const { services } = await renderApprove(() => Promise.resolve([library]));
    await table();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Quiet Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bathroom info:' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save edits' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Name is required.');
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('shows "Already handled by NAME." for a decision another admin beat, even once the list dropped the restroom, until dismissed', async () => {
    let pending = [library];
    const { services } = await renderApprove(() => Promise.resolve(pending), { sendWrite: alreadyHandled('Bob') });
    await table();

    pending = [];
    fireEvent.click(screen.getByRole('button', { name: 'Approve Quiet Library' }));

    expect(await screen.findByText('Already handled by Bob.')).toBeTruthy();
    // The refusal made the list load again: the restroom is gone from it, the refusal is not.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Quiet Library' })).toBeNull());
    expect(screen.getByText('Already handled by Bob.')).toBeTruthy();
    expect((await services.db.outbox.toArray())[0]).toMatchObject({ status: 'failed', lastError: 'Already handled by Bob.' });

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Quiet Library' }));

    await waitFor(() => expect(screen.queryByText('Already handled by Bob.')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
    expect(await screen.findByText('No bathrooms are waiting for approval.')).toBeTruthy();
  });

  it('offline, shows the list kept on the device and queues decisions', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const services = testServices(adminApi({ '/api/admin/pending': offline }));
    await services.db.adminQueues.put({ name: 'pending', userId: admin.id, rows: [library], fetchedAt: Date.parse('2026-11-21T18:00:00.000Z') });
    await renderRoute('/admin', { services, user: admin });

    await table();
    expect(await screen.findByText("You're offline. Showing the bathrooms as loaded on Nov 21, 2026.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Quiet Library' }));

    expect(await screen.findByText('Approved — Not sent yet')).toBeTruthy();
    expect(screen.getByText("You're offline right now. It will be sent automatically when you're back online.")).toBeTruthy();
    // The outbox tries it at once and, finding no connection, puts it back to wait.
    await waitFor(async () =>
      expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'restroom-decision', status: 'pending', body: { decision: { status: 'approved' } } }]),
    );
  });
});
