import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clientConfigFor, DEFAULT_REGION, DEFAULT_TILE_URL, distanceText, restroomDistanceMiles } from '@allstall/shared';
import { makeOutboxRow, makePage, makeRestroom } from '@/test/fixtures';
import { metaSet } from '@/lib/db/db';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';
import { NetworkError } from '@/lib/api/api-client';
import { LIST_PAGE_SIZE } from './restroom-list';
import { listedNames, renderBathroomsPage, showList } from './bathrooms-page-test-kit';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('BathroomsPage', () => {
  it('lists the mirror nearest first, a page at a time', async () => {
    const services = testServices();
    const rows = Array.from({ length: 60 }, (_, i) =>
      makeRestroom({ name: `Place ${String(i).padStart(2, '0')}`, latitude: 44.98 + i * 0.001, longitude: -93.26384 }),
    );
    await seedRestrooms(services, rows.slice().reverse());
    renderBathroomsPage(services);
    await showList();

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

  it('measures from a configured region’s list origin, in its units, and says so', async () => {
    const services = testServices();
    const chicago = { ...DEFAULT_REGION, name: 'Chicago', listOriginName: 'downtown Chicago', state: 'IL', mapCenter: { lat: 41.8819, lng: -87.6278 }, listOrigin: { lat: 41.8786, lng: -87.6251 }, units: 'km' as const };
    await metaSet(services.db, 'clientConfig', clientConfigFor({ authorName: '', tileUrl: DEFAULT_TILE_URL, tileAttribution: '' }, chicago));
    // Each a few hundred metres from the list origin; from the map centre the order would be the reverse.
    const east = makeRestroom({ name: 'Grant Park', city: 'Chicago', state: 'IL', latitude: 41.8786, longitude: -87.62 });
    const west = makeRestroom({ name: 'Willis Tower', city: 'Chicago', state: 'IL', latitude: 41.8819, longitude: -87.6359 });
    await seedRestrooms(services, [west, east]);
    renderBathroomsPage(services);
    await showList();

    expect(await screen.findByText('Closest to downtown Chicago first.')).toBeTruthy();
    await waitFor(() => expect(listedNames()).toEqual(['Grant Park', 'Willis Tower']));
    const [first, second] = within(screen.getByRole('list', { name: 'Restrooms' })).getAllByRole('listitem');
    const kmFrom = (row: { latitude: number | null; longitude: number | null }) =>
      distanceText(restroomDistanceMiles(chicago.listOrigin, { lat: row.latitude ?? 0, lng: row.longitude ?? 0 }), 'km');
    // Each screen part reads the kept settings on its own, so the units may arrive a moment after the order.
    expect(await within(first!).findByText(kmFrom(east))).toBeTruthy();
    expect(await within(second!).findByText(kmFrom(west))).toBeTruthy();
    expect(kmFrom(east)).toMatch(/^0\.\d{2} km$/);
  });

  it('names a state-wide deployment’s list origin as configured, and still shows miles from a copy an older app kept', async () => {
    const services = testServices();
    const minnesota = { ...DEFAULT_REGION, name: 'Minnesota', listOriginName: 'the State Capitol' };
    await metaSet(services.db, 'clientConfig', clientConfigFor({ authorName: '', tileUrl: DEFAULT_TILE_URL, tileAttribution: '' }, minnesota));
    await seedRestrooms(services, [makeRestroom({ name: 'Cafe Q', latitude: 44.9812, longitude: -93.2711 })]);
    const { unmount } = renderBathroomsPage(services);
    await showList();
    expect(await screen.findByText('Closest to the State Capitol first.')).toBeTruthy();
    unmount();

    // Kept before the units and the origin's name were settings: the page reads neither as undefined.
    const { units: _units, listOriginName: _name, mapZoom: _zoom, ...oldRegion } = minnesota;
    await metaSet(services.db, 'clientConfig', { authorName: '', tileUrl: DEFAULT_TILE_URL, tileAttribution: '', region: oldRegion } as never);
    // The list view chosen above is remembered.
    renderBathroomsPage(services);
    expect(await screen.findByText('Closest to downtown Minnesota first.')).toBeTruthy();
    expect(await screen.findByText(/^\d+\.\d{2} mi$/)).toBeTruthy();
  });

  it('expands a card to show its details and a directions link to its coordinates', async () => {
    const services = testServices();
    await seedRestrooms(services, [makeRestroom({ name: 'Cafe Q', latitude: 44.9812, longitude: -93.2711, upvotes: 4 })]);
    renderBathroomsPage(services);
    await showList();

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
    expect(screen.getByText(/^Gender-neutral: yes, /)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('4');
  });

  it('shows and names every amenity as yes, no or unknown on its collapsed row, and who may use it', async () => {
    const services = testServices();
    await seedRestrooms(services, [
      makeRestroom({ name: 'Cafe Q', latitude: 44.9801, unisex: true, accessible: true, changing_table: false, is_single_stall: null, access: 'customers' }),
      makeRestroom({ name: 'Plain Hall', latitude: 44.9802, unisex: false, accessible: false, changing_table: false, is_single_stall: false, access: 'public' }),
      makeRestroom({ name: 'Unknown Park', latitude: 44.9803, unisex: null, accessible: null, changing_table: null, is_single_stall: null, access: null }),
    ]);
    renderBathroomsPage(services);
    await showList();

    const row = (name: string) => screen.getByRole('article', { name });
    await screen.findByRole('article', { name: 'Cafe Q' }, { timeout: 15_000 });
    expect(within(row('Cafe Q')).getByRole('button', { name: 'Details for Cafe Q' }).getAttribute('aria-expanded')).toBe('false');
    // One phrase for screen readers, in the product's words; the icons beside it are not read again.
    const said = within(row('Cafe Q')).getByText('Gender-neutral: yes, Changing table: no, Wheelchair accessible: yes, Single stall: unknown');
    expect(said.className).toBe('sr-only');
    const glance = said.parentElement!;
    expect(glance.querySelectorAll('.amenity-mark')).toHaveLength(4);
    expect([...glance.querySelectorAll('svg')].every((icon) => icon.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(within(row('Plain Hall')).getByText('Gender-neutral: no, Changing table: no, Wheelchair accessible: no, Single stall: no')).toBeTruthy();
    expect(
      within(row('Unknown Park')).getByText('Gender-neutral: unknown, Changing table: unknown, Wheelchair accessible: unknown, Single stall: unknown'),
    ).toBeTruthy();
    // Who may use it, in words, on the collapsed row when known (docs/product-rules.md#cards).
    expect(within(row('Cafe Q')).getByText('Customers only')).toBeTruthy();
    expect(within(row('Plain Hall')).getByText('Open to the public')).toBeTruthy();
    // Unknown waits quietly in the expanded card.
    expect(within(row('Unknown Park')).queryByText('Who may use it: unknown')).toBeNull();

    // Expanded, the details come and the amenities are still said once.
    fireEvent.click(within(row('Cafe Q')).getByRole('button', { name: 'Details for Cafe Q' }));
    expect(within(row('Cafe Q')).getByRole('link', { name: 'More info' })).toBeTruthy();
    expect(within(row('Cafe Q')).getAllByText(/Gender-neutral/)).toHaveLength(1);
  });

  it('says so when the first download fails with nothing saved', async () => {
    const services = testServices(fakeApiClient({ syncPage: () => Promise.reject(new NetworkError(new TypeError())) }));
    renderBathroomsPage(services);
    expect(await screen.findByText('Loading restrooms…')).toBeTruthy();

    await act(() => services.sync.pull());

    expect(screen.getByText(/You seem to be offline/).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the rows as soon as the first pull lands', async () => {
    const page = makePage({ restrooms: [makeRestroom({ name: 'Fresh Place' })] });
    const services = testServices(fakeApiClient({ syncPage: () => Promise.resolve(page) }));
    renderBathroomsPage(services);
    await showList();
    await act(() => services.sync.pull());
    expect(await screen.findByRole('heading', { name: 'Fresh Place' })).toBeTruthy();
    expect(await screen.findByText('1 restroom saved on this device')).toBeTruthy();
  });

  it("adds a queued thumb to a card's counts and says when a visitor last confirmed it", async () => {
    const services = testServices();
    const restroom = makeRestroom({ name: 'Cafe Q', upvotes: 4, downvotes: 0, last_confirmed_at: new Date(Date.now() - 86_400_000).toISOString() });
    await seedRestrooms(services, [restroom]);
    await services.db.outbox.put(makeOutboxRow({ kind: 'feedback', body: { restroom_id: restroom.id, upvote: 1, downvote: 0 } }));
    renderBathroomsPage(services);
    await showList();

    expect(await screen.findByText('Confirmed by a visitor yesterday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details for Cafe Q' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Upvotes' }).nextSibling?.textContent).toBe('5'));
  });
});

describe('BathroomsPage views', () => {
  it('opens on the map, loaded lazily, and remembers the list once chosen', async () => {
    const services = testServices();
    await seedRestrooms(services, [makeRestroom({ name: 'Cafe Q' }), makeRestroom({ name: 'Library' })]);
    const first = renderBathroomsPage(services);

    const map = await screen.findByRole('region', { name: 'Map of restrooms' });
    expect(within(within(map).getByRole('list', { name: 'Map markers' })).getAllByRole('listitem')).toHaveLength(2);
    // Downtown is no one's position: the map gets no origin marker for it.
    expect(within(map).getByText('Map centred on the region')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Restrooms' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(await screen.findByRole('list', { name: 'Restrooms' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Map of restrooms' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Map view' })).toBeTruthy();

    first.unmount();
    renderBathroomsPage(services);
    expect(await screen.findByRole('list', { name: 'Restrooms' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Map view' }));
    expect(await screen.findByRole('region', { name: 'Map of restrooms' })).toBeTruthy();
  });
});

describe('BathroomsPage filters', () => {
  const rows = () => [
    makeRestroom({ name: 'Near Plain', latitude: 44.9801, unisex: false, accessible: false }),
    makeRestroom({ name: 'Mid Accessible', latitude: 44.99, unisex: true, accessible: true }),
    makeRestroom({ name: 'Far Accessible Always Open', latitude: 45.0, unisex: false, accessible: true, hours: allWeek() }),
  ];

  async function applyFilters(...labels: string[]) {
    fireEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    for (const label of labels) fireEvent.click(within(dialog).getByRole('checkbox', { name: label }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  }

  it('narrows the list and the map alike, and remembers the filters on the device', async () => {
    const services = testServices();
    await seedRestrooms(services, rows());
    const first = renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Near Plain' });

    await applyFilters('Wheelchair accessible');

    await waitFor(() => expect(listedNames()).toEqual(['Mid Accessible', 'Far Accessible Always Open']));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter: Wheelchair accessible' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Map view' }));
    const markers = within(await screen.findByRole('list', { name: 'Map markers' })).getAllByRole('listitem');
    expect(markers.map((marker) => marker.textContent)).toEqual(['Mid Accessible', 'Far Accessible Always Open']);

    first.unmount();
    renderBathroomsPage(services);
    fireEvent.click(await screen.findByRole('button', { name: 'List view' }));
    await screen.findByRole('heading', { name: 'Mid Accessible' });
    expect(listedNames()).toEqual(['Mid Accessible', 'Far Accessible Always Open']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('counts only known opening hours as open now, and a chip takes its filter away', async () => {
    const services = testServices();
    await seedRestrooms(services, rows());
    renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Near Plain' });

    await applyFilters('Open now', 'Gender-neutral');
    expect(await screen.findByText('No restrooms match your filters.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Restrooms' })).toBeNull();

    const chip = screen.getByRole('button', { name: 'Remove filter: Gender-neutral' });
    chip.focus();
    fireEvent.click(chip);
    await waitFor(() => expect(listedNames()).toEqual(['Far Accessible Always Open']));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    // Focus does not drop to the page when the chip that held it goes.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove filter: Open now' }));
  });

  it('offers to clear filters that leave nothing, and the dialog can clear them all', async () => {
    const services = testServices();
    await seedRestrooms(services, rows());
    renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Near Plain' });

    await applyFilters('Single stall');
    expect(await screen.findByText('No restrooms match your filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listedNames()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();

    await applyFilters('Changing table', 'Gender-neutral');
    await screen.findByText('No restrooms match your filters.');
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(within(dialog).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listedNames()).toHaveLength(3));
  });

  it("keeps known yes by default, and 'Include unknown' brings back unknown gender-neutral rows but never known no, nor an unknown wheelchair access", async () => {
    const services = testServices();
    await seedRestrooms(services, [
      makeRestroom({ name: 'Known Yes', latitude: 44.9801, unisex: true, accessible: true }),
      makeRestroom({ name: 'Unknown Neutral', latitude: 44.9802, unisex: null, accessible: true }),
      makeRestroom({ name: 'Known No', latitude: 44.9803, unisex: false, accessible: true }),
      makeRestroom({ name: 'Unknown Ramp', latitude: 44.9804, unisex: true, accessible: null }),
    ]);
    const first = renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Known No' });

    await applyFilters('Gender-neutral');
    await waitFor(() => expect(listedNames()).toEqual(['Known Yes', 'Unknown Ramp']));
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();

    // The switch is a labelled switch, off at first; it is not a filter of its own.
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const include = within(dialog).getByRole('switch', { name: 'Include unknown' }) as HTMLInputElement;
    expect(include.checked).toBe(false);
    fireEvent.click(include);
    expect(include.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listedNames()).toEqual(['Known Yes', 'Unknown Neutral', 'Unknown Ramp']));
    expect(screen.getByText('Showing 3 of 3 · 1 unknown')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();

    // Wheelchair accessible stays known yes with the switch on.
    await applyFilters('Wheelchair accessible');
    await waitFor(() => expect(listedNames()).toEqual(['Known Yes', 'Unknown Neutral']));
    expect(screen.getByText('Showing 2 of 2 · 1 unknown')).toBeTruthy();

    // Kept with the filters on the device.
    first.unmount();
    renderBathroomsPage(services);
    // The list view is remembered too.
    await screen.findByRole('heading', { name: 'Unknown Neutral' });
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect((within(dialog).getByRole('switch', { name: 'Include unknown' }) as HTMLInputElement).checked).toBe(true);
  });

  it("filters 'Open to the public' and 'Free' as known yes, 'Include unknown' bringing back the unknown but never customers only, a key or paid; rows say a known fee and a known restriction", async () => {
    const services = testServices();
    // Stored by the version before these filters: they open off, the rest as stored.
    localStorage.setItem('allstall:home-filters', JSON.stringify({ version: 1, value: { unisex: false, is_single_stall: false, accessible: false, changing_table: false, open_now: false, include_unknown: false } }));
    await seedRestrooms(services, [
      makeRestroom({ name: 'Public Free', latitude: 44.9801, access: 'public', fee: 'free' }),
      makeRestroom({ name: 'Customers Free', latitude: 44.9802, access: 'customers', fee: 'free' }),
      makeRestroom({ name: 'Key Paid', latitude: 44.9803, access: 'key', fee: 'paid' }),
      makeRestroom({ name: 'Unknown Unknown', latitude: 44.9804, access: null, fee: null }),
    ]);
    renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Key Paid' });
    const row = (name: string) => screen.getByRole('article', { name });
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    // The collapsed rows say a known restriction and a known fee; unknown says nothing.
    expect(within(row('Customers Free')).getByText('Customers only')).toBeTruthy();
    expect(within(row('Customers Free')).getByText('Free')).toBeTruthy();
    expect(within(row('Key Paid')).getByText('Ask for a key')).toBeTruthy();
    expect(within(row('Key Paid')).getByText('Paid')).toBeTruthy();
    expect(within(row('Unknown Unknown')).queryByText(/Free|Paid|Who may use it/)).toBeNull();

    await applyFilters('Open to the public');
    await waitFor(() => expect(listedNames()).toEqual(['Public Free']));
    expect(screen.getByRole('button', { name: 'Remove filter: Open to the public' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Include unknown' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listedNames()).toEqual(['Public Free', 'Unknown Unknown']));
    expect(screen.getByText('Showing 2 of 2 · 1 unknown')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Open to the public' }));
    await applyFilters('Free');
    await waitFor(() => expect(listedNames()).toEqual(['Public Free', 'Customers Free', 'Unknown Unknown']));
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    dialog = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Include unknown' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listedNames()).toEqual(['Public Free', 'Customers Free']));
    expect(screen.getByRole('button', { name: 'Remove filter: Free' })).toBeTruthy();
  });

  it('says how many of the matching rows are unknown beside the count, only with the switch on', async () => {
    const services = testServices();
    // 45 single-stall rows by the switch: 33 known yes, 12 unknown; and 5 known no.
    const rows = Array.from({ length: 50 }, (_, i) =>
      makeRestroom({ name: `Place ${String(i).padStart(2, '0')}`, latitude: 44.98 + i * 0.001, is_single_stall: i < 12 ? null : i < 45 ? true : false }),
    );
    await seedRestrooms(services, rows);
    renderBathroomsPage(services);
    await showList();
    await screen.findByRole('heading', { name: 'Place 00' });

    await applyFilters('Single stall');
    expect(await screen.findByText('Showing 25 of 33')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Include unknown' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Showing 25 of 45 · 12 unknown')).toBeTruthy();
  });

  it('starts unfiltered when what was stored cannot be read', async () => {
    localStorage.setItem('allstall:home-filters', '{not json');
    localStorage.setItem('allstall:home-view', JSON.stringify({ version: 1, value: 'sideways' }));
    const services = testServices();
    await seedRestrooms(services, rows());
    renderBathroomsPage(services);
    expect(await screen.findByRole('region', { name: 'Map of restrooms' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});

/** Open around the clock every day (open equal to close), so the test does not depend on the hour. */
function allWeek() {
  return Array.from({ length: 7 }, (_, day) => ({ day, open: 0, close: 0 }));
}
