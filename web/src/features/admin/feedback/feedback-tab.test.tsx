import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ContactItem, User } from '@allstall/shared';
import { HttpError, NetworkError, type ApiClient } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { makeUser, testId } from '@/test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '@/test/services';
import { FeedbackTab } from './feedback-tab';

const admin = makeUser({ username: 'Ada', is_admin: true });
const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

function makeContact(overrides: Partial<ContactItem> = {}): ContactItem {
  return {
    id: testId(),
    user_id: testId(),
    username: 'sam',
    details: 'More places in St Paul, please.',
    inserted_at: '2026-11-20T15:00:00.000Z',
    resolved: false,
    resolved_by: null,
    resolved_at: null,
    ...overrides,
  };
}

async function renderFeedback(api: Partial<ApiClient>, signedIn: User = admin) {
  const services = testServices(fakeApiClient(api));
  await metaSet(services.db, 'user', signedIn);
  render(
    <TestProviders services={services}>
      <FeedbackTab />
    </TestProviders>,
  );
  return { services };
}

afterEach(() => vi.restoreAllMocks());

describe('FeedbackTab', () => {
  it('lists the messages with Username, Details, Date and Mark as resolved', async () => {
    const message = makeContact();
    const done = makeContact({ username: 'lee', details: 'Thanks!', resolved: true, resolved_by: 'River', resolved_at: '2026-11-21T10:00:00.000Z' });
    await renderFeedback({ getJson: () => Promise.resolve([message, done]) as never });

    const table = await screen.findByRole('table', { name: 'Feedback' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Username', 'Details', 'Date', 'Mark as resolved']);
    const row = within(table).getByRole('row', { name: /sam/ });
    expect(row.textContent).toContain('More places in St Paul, please.');
    expect(row.textContent).toContain('Nov 20, 2026');
    expect(within(row).getByRole('button', { name: 'Mark as resolved sam’s message “More places in St Paul, please.”' })).toBeTruthy();
    const resolvedRow = within(table).getByRole('row', { name: /lee/ });
    expect(resolvedRow.textContent).toContain('Resolved!');
    expect(within(resolvedRow).queryByRole('button')).toBeNull();
  });

  it("queues one 'contact-resolve' write and shows 'Resolved!' at once, marked not sent yet", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const message = makeContact();
    const { services } = await renderFeedback({ getJson: () => Promise.resolve([message]) as never, sendWrite: offline });

    fireEvent.click(await screen.findByRole('button', { name: /^Mark as resolved sam/ }));

    const table = screen.getByRole('table', { name: 'Feedback' });
    await within(table).findByText('Resolved!');
    expect(within(table).queryByRole('button', { name: /^Mark as resolved/ })).toBeNull();
    expect(within(table).getByText('Resolved — Not sent yet')).toBeTruthy();
    expect(screen.getByText("You're offline right now. It will be sent automatically when you're back online.")).toBeTruthy();
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact-resolve', userId: admin.id, body: { contact_id: message.id, excerpt: message.details } });
  });

  it('loads the list again once the resolution is sent', async () => {
    const message = makeContact();
    let resolved = false;
    const getJson = vi.fn(() => Promise.resolve([resolved ? { ...message, resolved: true, resolved_by: 'Ada', resolved_at: '2026-11-22T09:00:00.000Z' } : message]));
    const sendWrite = vi.fn(() => {
      resolved = true;
      return Promise.resolve({});
    });
    const { services } = await renderFeedback({ getJson: getJson as never, sendWrite });

    fireEvent.click(await screen.findByRole('button', { name: /^Mark as resolved sam/ }));

    expect(await screen.findByText('by Ada', { exact: false })).toBeTruthy();
    expect(sendWrite).toHaveBeenCalledWith(expect.objectContaining({ method: 'PATCH', path: `/api/contact/${message.id}`, body: { resolved: true } }));
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('shows "Already handled by NAME." when another admin resolved it first, until dismissed', async () => {
    const message = makeContact();
    const refusal = new HttpError(409, { statusCode: 409, error: 'Conflict', message: 'Already handled by River.' });
    const { services } = await renderFeedback({ getJson: () => Promise.resolve([message]) as never, sendWrite: () => Promise.reject(refusal) });

    fireEvent.click(await screen.findByRole('button', { name: /^Mark as resolved sam/ }));

    expect(await screen.findByText('Already handled by River.')).toBeTruthy();
    expect(await services.db.outbox.count()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss sam’s message “More places in St Paul, please.”' }));
    await waitFor(() => expect(screen.queryByText('Already handled by River.')).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
  });

  it("says 'Oh no!' when the messages cannot be loaded, and tries again on request", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const message = makeContact();
    await renderFeedback({
      getJson: (() => (fail ? Promise.reject(new HttpError(500, null)) : Promise.resolve([message]))) as never,
    });

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Oh no! Something went wrong. Please try again later.');
    fail = false;
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /sam/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offline, shows the messages kept on the device', async () => {
    const message = makeContact();
    const services = testServices(fakeApiClient({ getJson: offline }));
    await services.db.adminQueues.put({ name: 'contact', userId: admin.id, rows: [message], fetchedAt: Date.parse('2026-11-21T18:00:00.000Z') });
    await metaSet(services.db, 'user', admin);
    render(
      <TestProviders services={services}>
        <FeedbackTab />
      </TestProviders>,
    );

    expect(await screen.findByText("You're offline. Showing the messages as loaded on Nov 21, 2026.")).toBeTruthy();
    expect(screen.getByRole('row', { name: /sam/ }).textContent).toContain('More places in St Paul, please.');
  });

  it('says so when there are no messages', async () => {
    await renderFeedback({ getJson: () => Promise.resolve([]) as never });
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});
