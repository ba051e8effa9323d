import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeOutboxRow, makePage, makeRestroom } from '../../test/fixtures';
import { fakeApiClient, testServices, TestProviders } from '../../test/services';
import { NetworkError } from '../../lib/api-client';
import { BathroomsPage } from './bathrooms-page';
import { LIST_PAGE_SIZE } from './restroom-list';

function renderPage(services = testServices()) {
  render(
    <TestProviders services={services}>
      <MemoryRouter>
        <BathroomsPage />
      </MemoryRouter>
    </TestProviders>,
  );
  return services;
}

describe('BathroomsPage', () => {
  it('lists the mirror nearest first, a page at a time', async () => {
    const services = testServices();
    const rows = Array.from({ length: 60 }, (_, i) =>
      makeRestroom({ name: `Place ${String(i).padStart(2, '0')}`, latitude: 44.98 + i * 0.001, longitude: -93.26384 }),
    );
    await services.db.restrooms.bulkPut(rows.slice().reverse());
    renderPage(services);

    const list = await screen.findByRole('list', { name: 'Restrooms' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(LIST_PAGE_SIZE);
    expect(within(items[0]!).getByRole('heading', { name: 'Place 00' })).toBeTruthy();
    expect(within(items[1]!).getByRole('heading', { name: 'Place 01' })).toBeTruthy();
    expect(within(items[0]!).getByText(/^\d+\.\d{2} mi$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('expands a card to show its details and a directions link to its coordinates', async () => {
    const services = testServices();
    await services.db.restrooms.put(makeRestroom({ name: 'Cafe Q', latitude: 44.9812, longitude: -93.2711, upvotes: 4 }));
    renderPage(services);

    const toggle = await screen.findByRole('button', { name: 'Details for Cafe Q' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'More info' })).toBeNull();

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const directions = screen.getByRole('link', { name: 'Directions to Cafe Q' });
    expect(directions.getAttribute('href')).toContain('destination=44.9812%2C-93.2711');
    // No position shared: the maps app starts from wherever the person is, not from downtown.
    expect(directions.getAttribute('href')).not.toContain('origin=');
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'More info' }).getAttribute('href')).toMatch(/^\/bathrooms\//);
    expect(screen.getByRole('img', { name: 'Gender-neutral' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('4');
  });

  it('says so when the first download fails with nothing saved', async () => {
    const services = testServices(fakeApiClient({ syncPage: () => Promise.reject(new NetworkError(new TypeError())) }));
    renderPage(services);
    expect(await screen.findByText('Loading restrooms…')).toBeTruthy();

    await act(() => services.sync.pull());

    expect(screen.getByRole('alert').textContent).toContain('offline');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the rows as soon as the first pull lands', async () => {
    const page = makePage({ restrooms: [makeRestroom({ name: 'Fresh Place' })] });
    const services = testServices(fakeApiClient({ syncPage: () => Promise.resolve(page) }));
    renderPage(services);
    await act(() => services.sync.pull());
    expect(await screen.findByRole('heading', { name: 'Fresh Place' })).toBeTruthy();
    expect(screen.getByText('1 restroom saved on this device')).toBeTruthy();
  });

  it("adds a queued thumb to a card's counts and says when a visitor last confirmed it", async () => {
    const services = testServices();
    const restroom = makeRestroom({ name: 'Cafe Q', upvotes: 4, downvotes: 0, last_confirmed_at: new Date(Date.now() - 86_400_000).toISOString() });
    await services.db.restrooms.put(restroom);
    await services.db.outbox.put(makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0 } }));
    renderPage(services);

    expect(await screen.findByText('Confirmed by a visitor yesterday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details for Cafe Q' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('5'));
  });
});
