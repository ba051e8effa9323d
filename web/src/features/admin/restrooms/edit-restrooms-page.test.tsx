import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Restroom } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { makeRestroom } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { testServices } from '@/test/services';
import { admin, adminApi, linesOf } from '../shared/admin-test-kit';

const library = makeRestroom({ name: 'Quiet Library' });
const cafe = makeRestroom({ name: 'Corner Cafe', status: 'pending' });
const museum = makeRestroom({ name: 'Old Museum', is_removed: true });
const ALL = '/api/bathrooms?all=1';

async function renderEdit(all: () => Promise<Restroom[]> = () => Promise.resolve([library, cafe, museum]), api: Partial<ApiClient> = {}) {
  const load = vi.fn(all);
  const { services } = await renderRoute('/admin/editbathrooms', { services: testServices(adminApi({ [ALL]: load }, api)), user: admin });
  const table = await screen.findByRole('table', { name: 'All bathrooms' });
  return { services, table, load };
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });

afterEach(() => vi.restoreAllMocks());

describe('/admin/editbathrooms', () => {
  // The first test also waits for every lazily loaded screen: slow on a busy machine.
  it('lists every restroom with its status in words, and filters by name or id', async () => {
    const { table } = await renderEdit();

    expect(screen.getByRole('heading', { level: 1, name: 'Edit bathrooms' })).toBeTruthy();
    expect(within(rowOf(table, 'Quiet Library')).getAllByRole('cell')[2]?.textContent).toBe('Approved');
    expect(within(rowOf(table, 'Corner Cafe')).getAllByRole('cell')[2]?.textContent).toBe('Pending');
    expect(within(rowOf(table, 'Old Museum')).getAllByRole('cell')[2]?.textContent).toBe('Removed');

    fireEvent.change(screen.getByPlaceholderText('Enter name, id'), { target: { value: 'cafe' } });
    expect(within(table).queryByRole('row', { name: /Quiet Library/ })).toBeNull();
    expect(rowOf(table, 'Corner Cafe')).toBeTruthy();
    expect(screen.getByText('1 of 3 bathrooms')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Enter name, id'), { target: { value: museum.id.slice(-6) } });
    expect(rowOf(table, 'Old Museum')).toBeTruthy();
    expect(within(table).queryByRole('row', { name: /Corner Cafe/ })).toBeNull();
  }, 30_000);

  it("leads back to /admin with 'Back to admin', and on to the other admin pages", async () => {
    const { router } = await renderRoute('/admin/editbathrooms', { services: testServices(adminApi({ [ALL]: () => Promise.resolve([library]) })), user: admin });
    await screen.findByRole('table', { name: 'All bathrooms' });

    const others = screen.getByRole('navigation', { name: 'Other admin pages' });
    expect(within(others).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Load bathrooms from Refuge',
      'User Contact Details',
      'Geocoding and places tools',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Back to admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('tab', { name: 'Approve Bathrooms', selected: true })).toBeTruthy();
  }, 30_000);

  it("loads the list again with 'Load all bathrooms'", async () => {
    const { load } = await renderEdit();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'Load all bathrooms' }));

    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it("removes a restroom from display after a bare 'Are you sure?', then says 'Removed!'", async () => {
    const { services, table } = await renderEdit();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove from display Quiet Library' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    // No further line but the restroom it is about.
    expect(linesOf(question)).toEqual(['Remove “Quiet Library” from display.']);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, flush it!' }));

    const done = await screen.findByRole('alertdialog', { name: 'Removed!' });
    expect(done.textContent).toContain('This bathroom has been removed.');
    expect(await services.db.outbox.toArray()).toMatchObject([
      { kind: 'restroom-decision', body: { restroom_id: library.id, name: 'Quiet Library', decision: { is_removed: true } } },
    ]);
    expect(within(rowOf(table, 'Quiet Library')).getAllByRole('cell')[2]?.textContent).toBe('Removed');
    expect(within(table).getByRole('button', { name: 'Show again Quiet Library' })).toBeTruthy();
    expect(within(table).getByText('Removed from display — Not sent yet')).toBeTruthy();
  });

  it("shows a removed restroom again with 'Show again'", async () => {
    const { services, table } = await renderEdit();

    fireEvent.click(within(table).getByRole('button', { name: 'Show again Old Museum' }));

    expect(await within(table).findByText('Shown again — Not sent yet')).toBeTruthy();
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'restroom-decision', body: { restroom_id: museum.id, decision: { is_removed: false } } }]);
    expect(within(table).getByRole('button', { name: 'Remove from display Old Museum' })).toBeTruthy();
  });

  it("confirms 'Show again' in words: saved to send later while it cannot be sent, then done once it is", async () => {
    const { table } = await renderEdit();
    fireEvent.click(within(table).getByRole('button', { name: 'Show again Old Museum' }));
    // The test's server is out of reach: the first try fails and the decision waits on the device.
    const said = await screen.findByText('Saved to send later: Show Old Museum again.', {}, { timeout: 15_000 });
    expect(said.getAttribute('role')).toBe('status');
    cleanup();

    const sent = await renderEdit(undefined, { sendWrite: () => Promise.resolve(null) });
    fireEvent.click(within(sent.table).getByRole('button', { name: 'Show again Old Museum' }));
    await waitFor(async () => expect(await sent.services.db.outbox.count()).toBe(0), { timeout: 15_000 });
    expect((await screen.findByText('Old Museum is shown again.', {}, { timeout: 15_000 })).getAttribute('role')).toBe('status');
  }, 30_000);

  it("deletes from the database only after 'Yes, flush it!', then says 'Deleted!'", async () => {
    const { services, table } = await renderEdit();

    fireEvent.click(within(table).getByRole('button', { name: 'Delete from database Corner Cafe' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(linesOf(question)).toEqual(['Delete “Corner Cafe” from the database.', "You won't be able to revert this!"]);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, flush it!' }));

    const done = await screen.findByRole('alertdialog', { name: 'Deleted!' });
    expect(done.textContent).toContain('This bathroom has been permanently deleted from the database.');
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'restroom-delete', body: { restroom_id: cafe.id, name: 'Corner Cafe' } }]);
    expect(within(table).queryByRole('button', { name: 'Delete from database Corner Cafe' })).toBeNull();
  });
});
