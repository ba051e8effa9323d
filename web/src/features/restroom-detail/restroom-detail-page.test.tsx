import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clientConfigFor, DEFAULT_REGION, DEFAULT_TILE_URL } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { metaSet } from '@/lib/db/db';
import { NetworkError } from '@/lib/api/api-client';
import { makeComment, makePage, makeRestroom } from '@/test/fixtures';
import { fakeApiClient, seedRestrooms, testServices, TestProviders } from '@/test/services';
import { RestroomDetailPage } from './restroom-detail-page';

function renderDetail(id: string, services = testServices()) {
  render(
    <TestProviders services={services}>
      <MemoryRouter initialEntries={[`/bathrooms/${id}`]}>
        <Routes>
          <Route path="/bathrooms/:id" element={<RestroomDetailPage />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

const offlineApi = (): ApiClient =>
  fakeApiClient({ restroomDetail: () => Promise.reject(new NetworkError(new TypeError('offline'))) });

describe('RestroomDetailPage', () => {
  it('shows the restroom and its comments from the mirror', async () => {
    const services = testServices(offlineApi());
    const restroom = makeRestroom({
      name: 'Quiet Library',
      street: '300 Nicollet Mall',
      accessible: true,
      unisex: true,
      changing_table: false,
      is_single_stall: null,
      access: 'public',
      fee: 'free',
      upvotes: 2,
      updated_at: '2026-11-22T18:00:00.000Z',
    });
    const older = makeComment({ restroom_id: restroom.id, content: 'Older one', inserted_at: '2026-10-01T12:00:00.000Z' });
    const newer = makeComment({ restroom_id: restroom.id, content: 'Newer one', inserted_at: '2026-11-02T12:00:00.000Z' });
    await services.writer.applyFeedPage(makePage({ restrooms: [restroom], comments: [older, newer] }), { clear: false, finishedAt: Date.now() });

    renderDetail(restroom.id, services);

    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Library' })).toBeTruthy();
    expect(screen.getByText('300 Nicollet Mall, Minneapolis, MN')).toBeTruthy();
    expect(screen.getByText('Updated Nov 22, 2026')).toBeTruthy();
    const amenities = within(screen.getByRole('list', { name: 'Amenities' }));
    expect(amenities.getAllByRole('listitem').map((li) => li.querySelector('.amenity-line__text')?.textContent)).toEqual([
      'Open to the public',
      'Free',
      'Gender-neutral: yes',
      'Changing table: no',
      'Wheelchair accessible: yes',
      'Single stall: unknown',
      'Menstrual products: no',
    ]);
    expect(screen.getByRole('link', { name: 'Directions to Quiet Library' }).getAttribute('href')).toContain('destination=44.98%2C-93.26');
    const comments = within(await screen.findByRole('list', { name: 'Comments' }));
    expect(comments.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nov 2, 2026Newer one', 'Oct 1, 2026Older one']);
  });

  it.each([
    ['its own state', { street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', country: 'US' }, '233 S Wacker Dr, Chicago, IL'],
    ['the region’s state when it names none', { street: '400 S State St', city: 'Chicago', state: '', country: '' }, '400 S State St, Chicago, IL'],
    ['its state and country when abroad', { street: '100 Queen St W', city: 'Toronto', state: 'ON', country: 'CA' }, '100 Queen St W, Toronto, ON, Canada'],
  ])('says %s on the address line in a Chicago deployment', async (_case, address, line) => {
    const services = testServices(offlineApi());
    await metaSet(services.db, 'clientConfig', clientConfigFor({ authorName: '', tileUrl: DEFAULT_TILE_URL, tileAttribution: '' }, { ...DEFAULT_REGION, name: 'Chicago', state: 'IL' }));
    const restroom = makeRestroom({ name: 'Somewhere', ...address });
    await seedRestrooms(services, [restroom]);

    renderDetail(restroom.id, services);

    expect(await screen.findByRole('heading', { level: 1, name: 'Somewhere' })).toBeTruthy();
    expect(await screen.findByText(line)).toBeTruthy();
  });

  it('refreshes the mirror from the server when online', async () => {
    const restroom = makeRestroom({ name: 'Old name' });
    const fresh = makeComment({ restroom_id: restroom.id, content: 'From the server' });
    // The server had reached feed position 7 when it read the row; the device has no cursor yet.
    const api = fakeApiClient({
      restroomDetail: () => Promise.resolve({ detail: { ...restroom, name: 'New name', comments: [fresh] }, feedVersion: '7' }),
    });
    const services = testServices(api);
    await seedRestrooms(services, [restroom]);
    await services.db.comments.put(makeComment({ restroom_id: restroom.id, content: 'Gone from the server' }));

    renderDetail(restroom.id, services);

    expect(await screen.findByRole('heading', { level: 1, name: 'New name' })).toBeTruthy();
    expect(await screen.findByText('From the server')).toBeTruthy();
    expect(screen.queryByText('Gone from the server')).toBeNull();
  });

  it('says kindly when the restroom is not known', async () => {
    const services = testServices(offlineApi());
    // The first pull has ended (here: failed), so an absent row really is absent, not still on its way.
    await services.sync.pull();
    renderDetail('00000000-0000-7000-8000-00000000ffff', services);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that bathroom" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all bathrooms' }).getAttribute('href')).toBe('/bathrooms');
  });
});

describe('RestroomDetailPage — a shared link on a phone that never had the app', () => {
  it('shows the api’s answer before the first sync has brought the restroom', async () => {
    const restroom = makeRestroom({ name: 'Shared Library Restroom' });
    const comment = makeComment({ restroom_id: restroom.id, content: 'Clean and quiet' });
    const services = testServices(fakeApiClient({ restroomDetail: () => Promise.resolve({ detail: { ...restroom, comments: [comment] }, feedVersion: '3' }) }));
    // The mirror is busy with the first sync: the answer cannot reach it yet, and no sync has ended.
    services.writer = { ...services.writer, applyRestroomAnswer: () => new Promise<boolean>(() => undefined) };
    renderDetail(restroom.id, services);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Library Restroom' })).toBeTruthy();
    expect(screen.getByText('Clean and quiet')).toBeTruthy();
    expect(services.sync.getStatus().lastSyncedAt).toBeNull();
  });

  it('says not found when the api says so, without waiting for the first sync', async () => {
    const services = testServices(fakeApiClient({ restroomDetail: () => Promise.resolve(null) }));
    renderDetail('00000000-0000-7000-8000-00000000fffe', services);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that bathroom" })).toBeTruthy();
    expect(screen.getByText('It may have been removed, or the link may be wrong.')).toBeTruthy();
  });
});

describe('RestroomDetailPage — the small map of its spot', () => {
  async function showRestroom(overrides: Parameters<typeof makeRestroom>[0]) {
    const services = testServices(offlineApi());
    await metaSet(services.db, 'clientConfig', clientConfigFor({ authorName: '', tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '© Test Tiles' }));
    const restroom = makeRestroom(overrides);
    await seedRestrooms(services, [restroom]);
    renderDetail(restroom.id, services);
    await screen.findByRole('heading', { level: 1, name: restroom.name });
  }

  it('shows where a restroom with coordinates is, its pin at the middle, with the tiles’ credit', async () => {
    await showRestroom({ name: 'Quiet Library', latitude: 44.9778, longitude: -93.265 });
    // Leaflet arrives in its own chunk, so the map comes a moment after the page.
    const map = await screen.findByRole('figure', { name: 'Map of where Quiet Library is' });
    await waitFor(() => expect(map.querySelector('.leaflet-marker-icon')).not.toBeNull());
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
    // The tiles wait for the deployment's settings, read from the device a moment after the map.
    expect(await within(map).findByText('© Test Tiles', { exact: false })).toBeTruthy();
    // A picture, not a control: nothing in it takes focus but the credit's links.
    expect([...map.querySelectorAll('[tabindex], button, input')].filter((element) => element.getAttribute('tabindex') !== '-1')).toEqual([]);
  });

  it('has no map for a restroom without coordinates', async () => {
    await showRestroom({ name: 'Somewhere Unplaced', latitude: null, longitude: null });
    expect(screen.queryByRole('figure')).toBeNull();
    expect(document.querySelector('.restroom-detail__map, .leaflet-container')).toBeNull();
  });
});

describe('RestroomDetailPage — source credit', () => {
  async function showRestroom(overrides: Parameters<typeof makeRestroom>[0]) {
    const services = testServices(offlineApi());
    const restroom = makeRestroom({ name: 'Credited Place', ...overrides });
    await seedRestrooms(services, [restroom]);
    renderDetail(restroom.id, services);
    await screen.findByRole('heading', { level: 1, name: 'Credited Place' });
  }

  it('credits Refuge Restrooms contributors and CC BY-SA 4.0 under a Refuge listing, and under a demo one', async () => {
    for (const source of ['refuge', 'demo'] as const) {
      await showRestroom({ source });
      const credit = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Listing from') === true);
      expect(credit.textContent).toBe('Listing from Refuge Restrooms contributors, shared under CC BY-SA 4.0.');
      expect(within(credit).getByRole('link', { name: 'Refuge Restrooms contributors' }).getAttribute('href')).toBe('https://www.refugerestrooms.org');
      expect(within(credit).getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
      cleanup();
    }
  });

  it('credits OpenStreetMap contributors and the ODbL under an OpenStreetMap listing', async () => {
    await showRestroom({ source: 'osm' });
    const credit = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Listing ©') === true);
    expect(credit.textContent).toBe('Listing © OpenStreetMap contributors, shared under ODbL 1.0.');
    expect(within(credit).getByRole('link', { name: '© OpenStreetMap contributors' }).getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    expect(within(credit).getByRole('link', { name: 'ODbL 1.0' }).getAttribute('href')).toBe('https://opendatacommons.org/licenses/odbl/1-0/');
  });

  it('credits nobody under a listing a person added here', async () => {
    await showRestroom({ source: 'user', username: 'sam' });
    expect(screen.queryByText(/^Listing/)).toBeNull();
    expect(screen.queryByRole('link', { name: /contributors/ })).toBeNull();
  });
});

