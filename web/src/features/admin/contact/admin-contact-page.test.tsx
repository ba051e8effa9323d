import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NetworkError } from '@/lib/api/api-client';
import { makeUser, testId } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

const admin = makeUser({ username: 'Ada', is_admin: true });
const message = {
  id: testId(),
  user_id: testId(),
  username: 'sam',
  details: 'The library restroom is closed on Sundays.',
  inserted_at: '2026-11-20T15:00:00.000Z',
  resolved: false,
  resolved_by: null,
  resolved_at: null,
};

describe('/admin/contact', () => {
  it("renders 'User Contact Details' with Name, Date, Details and Resolve for each message", async () => {
    const api = fakeApiClient({ getJson: (() => Promise.resolve([message])) as never });
    await renderRoute('/admin/contact', { services: testServices(api), user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'User Contact Details' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'User Contact Details' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Date', 'Details', 'Resolve']);
    const cells = within(within(table).getByRole('row', { name: /sam/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Nov 20, 2026', 'The library restroom is closed on Sundays.', 'Mark as resolved']);
  });

  it("leads back to /admin with 'Back to admin', and on to the other admin pages", async () => {
    const api = fakeApiClient({ getJson: (() => Promise.resolve([message])) as never });
    const { router } = await renderRoute('/admin/contact', { services: testServices(api), user: admin });
    await screen.findByRole('table', { name: 'User Contact Details' });

    const others = screen.getByRole('navigation', { name: 'Other admin pages' });
    expect(within(others).getAllByRole('link').map((link) => link.textContent)).toEqual(['Edit bathrooms', 'Load bathrooms from Refuge', 'Geocoding and places tools']);
    const back = screen.getByRole('link', { name: 'Back to admin' });
    // Before the title, where a way back is looked for.
    expect(back.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('tablist', { name: 'Admin queues' })).toBeTruthy();
  }, 30_000);

  it('resolves a message through the outbox, like the Feedback tab', async () => {
    const api = fakeApiClient({
      getJson: (() => Promise.resolve([message])) as never,
      sendWrite: () => Promise.reject(new NetworkError(new TypeError('offline'))),
    });
    const { services } = await renderRoute('/admin/contact', { services: testServices(api), user: admin });

    fireEvent.click(await screen.findByRole('button', { name: /^Mark as resolved sam’s message/ }));

    expect(await screen.findByText('Resolved!')).toBeTruthy();
    expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'contact-resolve', body: { contact_id: message.id } }]);
  });
});
