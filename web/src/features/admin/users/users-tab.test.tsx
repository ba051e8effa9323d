import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@allstall/shared';
import { HttpError, NetworkError, type ApiClient } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeUser } from '@/test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '@/test/services';
import { linesOf } from '../shared/admin-test-kit';
import { UsersTab } from './users-tab';

// The English words of the catalog (they were constants of the screens before the catalogs).
const DELETE_SELF_TEXT = "You won't be able to revert this! This is your own account: you will be signed out everywhere.";
const DEMOTE_SELF_TEXT = 'This is your own account: you will no longer be able to open the admin pages.';
const LAST_ADMIN_NOTE = 'The last admin cannot stop being an admin or be deleted. Make someone else an admin first.';

const ada = makeUser({ username: 'Ada', is_admin: true, inserted_at: '2026-01-15T18:00:00.000Z' });
const bob = makeUser({ username: 'Bob', is_admin: true, inserted_at: '2026-02-01T18:00:00.000Z' });
const river = makeUser({ username: 'River', is_admin: false, inserted_at: '2026-03-04T05:06:07.000Z' });
const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function renderUsers(users: User[], api: Partial<ApiClient> = {}, signedIn: User = ada) {
  const services = testServices(fakeApiClient({ getJson: (() => Promise.resolve(users)) as never, sendWrite: offline, ...api }));
  await metaSet(services.db, 'user', signedIn);
  render(
    <TestProviders services={services}>
      <UsersTab />
    </TestProviders>,
  );
  const table = await screen.findByRole('table', { name: 'Users' });
  return { services, table };
}

const rowOf = (table: HTMLElement, name: string | RegExp) => within(table).getByRole('row', { name });

afterEach(() => vi.restoreAllMocks());

describe('UsersTab', () => {
  it("lists every account with Admin 'Yes' or blank and the date it joined", async () => {
    const { table } = await renderUsers([ada, river]);

    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Username', 'Admin', 'Joined', 'Role', 'Delete']);
    const [adminCell, joinedCell] = within(rowOf(table, /Ada/)).getAllByRole('cell');
    expect(adminCell?.textContent).toBe('Yes');
    expect(joinedCell?.textContent).toBe('Jan 15, 2026');
    const [userAdminCell, userJoinedCell] = within(rowOf(table, /River/)).getAllByRole('cell');
    expect(userAdminCell?.textContent).toBe('');
    // 05:06 UTC is still the evening before in the region (America/Chicago).
    expect(userJoinedCell?.textContent).toBe('Mar 3, 2026');
    expect(rowOf(table, /Ada/).textContent).toContain('Ada (you)');
  });

  it("asks 'Are you sure?' before a deletion and queues nothing when cancelled", async () => {
    const { services, table } = await renderUsers([ada, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete River' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(linesOf(question)).toEqual(['Delete the account “River”, with its votes and comments.', "You won't be able to revert this!"]);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
    expect(within(table).getByRole('button', { name: 'Delete River' })).toBeTruthy();
  });

  it("queues one 'user-delete' after 'Yes, flush it!' and marks the row as deleted, not sent yet", async () => {
    const { services, table } = await renderUsers([ada, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete River' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, flush it!' }));

    expect(await within(table).findByText('Deleted — Not sent yet')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Delete River' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Make admin River' })).toBeNull();
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'user-delete', userId: ada.id, body: { user_id: river.id, username: 'River' } }]);
  });

  it("queues 'user-role' for Make admin and shows the new role at once", async () => {
    const { services, table } = await renderUsers([ada, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Make admin River' }));

    expect(await within(table).findByText('Made admin — Not sent yet')).toBeTruthy();
    expect(within(rowOf(table, /^River/)).getAllByRole('cell')[0]?.textContent).toBe('Yes');
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'user-role', body: { user_id: river.id, username: 'River', is_admin: true } }]);
  });

  it("queues 'user-role' for Remove admin while another admin remains", async () => {
    const { services, table } = await renderUsers([ada, bob, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Remove admin Bob' }));

    expect(await within(table).findByText('Admin removed — Not sent yet')).toBeTruthy();
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'user-role', body: { user_id: bob.id, is_admin: false } }]);
    // Ada is now the only admin left: she is offered neither Remove admin nor Delete.
    expect(within(table).queryByRole('button', { name: 'Remove admin Ada (you)' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Ada (you)' })).toBeNull();
  });

  it('offers the last admin neither Remove admin nor Delete, and says why', async () => {
    const { table } = await renderUsers([ada, river]);

    const row = rowOf(table, /Ada/);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getAllByText('Last admin')).toHaveLength(2);
    expect(screen.getByText(LAST_ADMIN_NOTE)).toBeTruthy();
    expect(within(rowOf(table, /River/)).getByRole('button', { name: 'Make admin River' })).toBeTruthy();
  });

  it('warns plainly before an admin deletes their own account', async () => {
    const { services, table } = await renderUsers([ada, bob]);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete Ada (you)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(linesOf(question)).toEqual(['Delete the account “Ada”, with its votes and comments.', DELETE_SELF_TEXT]);
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, flush it!' }));

    await waitFor(async () => expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'user-delete', body: { user_id: ada.id } }]));
  });

  it('asks before an admin removes their own admin role', async () => {
    const { services, table } = await renderUsers([ada, bob]);

    fireEvent.click(within(table).getByRole('button', { name: 'Remove admin Ada (you)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(linesOf(question)).toEqual(['Remove admin from “Ada”.', DEMOTE_SELF_TEXT]);
    expect(within(question).getByRole('button', { name: 'Remove admin' })).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('shows "Already handled by NAME." when another admin deleted the account first, until dismissed', async () => {
    const refusal = new HttpError(409, { statusCode: 409, error: 'Conflict', message: 'Already handled by Bob.' });
    let listed = [ada, river];
    const sendWrite = () => {
      // Bob deleted River meanwhile: the reloaded list no longer has the account.
      listed = [ada];
      return Promise.reject(refusal);
    };
    const { services, table } = await renderUsers([], { getJson: (() => Promise.resolve(listed)) as never, sendWrite });

    fireEvent.click(await within(table).findByRole('button', { name: 'Delete River' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, flush it!' }));

    expect(await within(table).findByText('Already handled by Bob.')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Delete River' })).toBeNull());
    expect(within(table).getByRole('rowheader', { name: 'River' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Dismiss River' }));
    await waitFor(() => expect(within(table).queryByText('Already handled by Bob.')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('offline, shows the accounts kept on the device', async () => {
    const services = testServices(fakeApiClient({ getJson: offline }));
    await services.db.adminQueues.put({ name: 'users', userId: ada.id, rows: [ada, river], fetchedAt: Date.parse('2026-11-21T18:00:00.000Z') });
    await metaSet(services.db, 'user', ada);
    render(
      <TestProviders services={services}>
        <UsersTab />
      </TestProviders>,
    );

    expect(await screen.findByText("You're offline. Showing the users as loaded on Nov 21, 2026.")).toBeTruthy();
    expect(screen.getByRole('row', { name: /River/ })).toBeTruthy();
  });
});
