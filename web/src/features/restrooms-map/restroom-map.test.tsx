import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clientConfigFor, DEFAULT_REGION, type LatLng, type Region } from '@allstall/shared';
import { FALLBACK_CLIENT_CONFIG } from '@/lib/settings/client-config';
import { metaSet } from '@/lib/db/db';
import type { Services } from '@/lib/services';
import { makeRestroom } from '@/test/fixtures';
import { testServices, TestProviders } from '@/test/services';
import type { ListedRestroom } from '@/lib/restrooms/listed-restroom';
import { placedRestroomsOf } from '@/test/placed-restrooms';
import RestroomMap from './restroom-map';
import type { RestroomMapProps } from './restroom-map-props';
import { giveTheMapASize } from '@/test/map-size';

giveTheMapASize();

const listed = (name: string, latitude: number, longitude: number, distance: number): ListedRestroom => ({
  ...makeRestroom({ name, latitude, longitude }),
  distance,
});

// At zoom 15 the first two are about 12 px apart on screen (one cluster); the museum is far from both.
const walker = listed('Walker Art Center', 44.9733, -93.2775, 0.42);
const loring = listed('Loring Park', 44.9733, -93.277, 0.44);
const millCity = listed('Mill City Museum', 44.979, -93.257, 0.68);
const origin = { position: { lat: 44.975, lng: -93.27 }, label: '100 Nicollet Mall' };

/** Services of a device that has fetched the deployment's settings, with its own tile server. */
async function servicesWithTileServer(): Promise<Services> {
  const services = testServices();
  await metaSet(
    services.db,
    'clientConfig',
    clientConfigFor({ authorName: '', tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '© Test Tiles' }),
  );
  return services;
}

/** The map's props, its restrooms given as the listed rows they stand for. */
type MapProps = Omit<RestroomMapProps, 'restrooms'> & { restrooms: readonly ListedRestroom[] };

function renderMap(props: Partial<MapProps> = {}, services: Services = testServices()) {
  const page = ({ restrooms = [walker, loring, millCity], ...more }: Partial<MapProps>) => (
    <TestProviders services={services}>
      <MemoryRouter>
        <RestroomMap restrooms={placedRestroomsOf(restrooms)} origin={origin} directionsFrom={null} {...more} />
      </MemoryRouter>
    </TestProviders>
  );
  const { rerender } = render(page(props));
  const map = screen.getByRole('region', { name: 'Map of restrooms' });
  return Object.assign(map, { showWith: (more: Partial<MapProps>) => rerender(page(more)) });
}

/** The address of the standard web-map tile that holds a point at a zoom. */
function tileAt({ lat, lng }: LatLng, zoom: number): string {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${zoom}/${x}/${y}.png`;
}

const tileSources = (map: HTMLElement) => [...map.querySelectorAll('img.leaflet-tile')].map((tile) => tile.getAttribute('src') ?? '');

describe('RestroomMap', () => {
  it('names the map, its origin and every pin, and clusters the ones that are close', () => {
    const map = renderMap();

    const hint = document.getElementById(map.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('list view shows the same restrooms');
    expect(within(map).getByRole('img', { name: '100 Nicollet Mall' })).toBeTruthy();
    const museum = within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' });
    expect(museum.tabIndex).toBe(0);
    expect(within(map).getByRole('button', { name: '2 restrooms here, zoom in' })).toBeTruthy();
    expect(within(map).queryByRole('button', { name: /^Walker Art Center/ })).toBeNull();
  });

  it('opens the restroom card from the keyboard and returns focus to the pin when it closes', async () => {
    const map = renderMap();
    const museum = within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' });
    museum.focus();

    fireEvent.keyDown(museum, { key: 'Enter' });

    const card = await within(map).findByRole('dialog', { name: 'Mill City Museum' });
    expect(within(card).getByRole('heading', { name: 'Mill City Museum' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'More info' }).getAttribute('href')).toBe(`/bathrooms/${millCity.id}`);
    expect(within(card).getByText('Who may use it: unknown')).toBeTruthy();
    expect(document.activeElement).toBe(card);

    fireEvent.keyDown(card, { key: 'Escape' });

    expect(within(map).queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' }));

    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(await within(map).findByRole('dialog', { name: 'Mill City Museum' })).toBeTruthy();
    const close = within(map).getByRole('button', { name: 'Close popup' });
    close.focus();
    fireEvent.click(close);

    expect(within(map).queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' }));
  });

  it('opens the card on a tap, and a tap on the map closes it', async () => {
    const map = renderMap({ onAddHere: vi.fn() });
    fireEvent.click(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' }));
    expect(await within(map).findByRole('dialog', { name: 'Mill City Museum' })).toBeTruthy();

    fireEvent.click(map, { clientX: 100, clientY: 100 });

    expect(within(map).queryByRole('dialog')).toBeNull();
    expect(within(map).queryByRole('button', { name: 'Add a bathroom here' })).toBeNull();
  });

  it('zooms in on a cluster until its restrooms stand apart, one card open at a time', async () => {
    const map = renderMap();
    fireEvent.keyDown(within(map).getByRole('button', { name: '2 restrooms here, zoom in' }), { key: ' ' });

    expect(await within(map).findByRole('button', { name: 'Walker Art Center, 0.42 mi' })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'Loring Park, 0.44 mi' })).toBeTruthy();
    expect(within(map).queryByRole('button', { name: /restrooms here/ })).toBeNull();
    // The cluster it had is gone; focus waits on the map rather than falling back to the page.
    expect(document.activeElement).toBe(map);

    fireEvent.click(within(map).getByRole('button', { name: 'Walker Art Center, 0.42 mi' }));
    expect(await within(map).findByRole('dialog', { name: 'Walker Art Center' })).toBeTruthy();
    fireEvent.click(within(map).getByRole('button', { name: 'Loring Park, 0.44 mi' }));
    expect(await within(map).findByRole('dialog', { name: 'Loring Park' })).toBeTruthy();
    expect(within(map).getAllByRole('dialog')).toHaveLength(1);
  });

  it('offers to add a restroom where the map is tapped', async () => {
    const onAddHere = vi.fn();
    const map = renderMap({ onAddHere });

    // Up and left of the centre: north-west of the origin.
    fireEvent.click(map, { clientX: 100, clientY: 100 });
    fireEvent.click(await within(map).findByRole('button', { name: 'Add a bathroom here' }));

    expect(onAddHere).toHaveBeenCalledTimes(1);
    const spot = onAddHere.mock.calls[0]![0] as { lat: number; lng: number };
    expect(spot.lat).toBeGreaterThan(origin.position.lat);
    expect(spot.lng).toBeLessThan(origin.position.lng);
  });

  it('draws tiles from the configured server around the origin, and moves to a new origin', async () => {
    const services = await servicesWithTileServer();
    const map = renderMap({}, services);

    await waitFor(() => expect(tileSources(map)).toContain(`https://tiles.test/${tileAt(origin.position, 15)}`));
    expect(map.textContent).toContain('© Test Tiles');
    // An anonymous CORS request: an answer the service worker can read and keep.
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('crossorigin')).toBe('');

    const stPaul = { position: { lat: 44.9537, lng: -93.09 }, label: 'Landmark Center' };
    map.showWith({ origin: stPaul });

    expect(tileSources(map)).toContain(`https://tiles.test/${tileAt(stPaul.position, 15)}`);
    expect(within(map).getByRole('img', { name: 'Landmark Center' })).toBeTruthy();
  });

  it('draws the pins around a new origin at once, with no move of the map by the person', () => {
    const map = renderMap();
    expect(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' })).toBeTruthy();

    // Far enough that Leaflet jumps rather than pans: its moveend comes before setView returns.
    const stPaul = { position: { lat: 44.9537, lng: -93.09 }, label: 'Landmark Center' };
    const rice = listed('Rice Park', 44.9445, -93.0968, 0.05);
    const landmark = listed('Landmark Center restroom', 44.9458, -93.0942, 0.02);
    map.showWith({ origin: stPaul, restrooms: [rice, landmark, walker, loring, millCity] });

    expect(within(map).getByRole('button', { name: 'Rice Park, 0.05 mi' })).toBeTruthy();
    expect(within(map).getByRole('button', { name: 'Landmark Center restroom, 0.02 mi' })).toBeTruthy();
    expect(within(map).queryByRole('button', { name: /^Mill City Museum/ })).toBeNull();
  });

  it("draws no tiles before this device knows the deployment's tile server, not even the default one", async () => {
    const map = renderMap();
    // A pause, not a wait: no tile must appear, and a busy machine can only make it see less, never fail.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tileSources(map)).toEqual([]);
    expect(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' })).toBeTruthy();
  });

  // The map's height is the page's layout (it fills the screen below the controls), measured by the e2e first-screen file.
  it('shows the region at zoom 14 until there are restrooms to show', async () => {
    const { mapCenter } = FALLBACK_CLIENT_CONFIG.region;
    const map = renderMap({ origin: null, restrooms: [] }, await servicesWithTileServer());

    await waitFor(() => expect(tileSources(map).some((src) => src.endsWith(tileAt(mapCenter, 14)))).toBe(true));
    expect(within(map).queryByRole('img')).toBeNull();

    map.showWith({ origin: null });

    expect(tileSources(map).some((src) => src.endsWith(tileAt(mapCenter, 15)))).toBe(true);
    expect(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' })).toBeTruthy();
  });

  it('opens on a configured region at its zoom (one step out while empty), naming distances in its units', async () => {
    const services = testServices();
    const chicago: Region = {
      ...DEFAULT_REGION,
      name: 'Chicago',
      state: 'IL',
      mapCenter: { lat: 41.8819, lng: -87.6278 },
      mapZoom: 13,
      listOrigin: { lat: 41.8786, lng: -87.6251 },
      units: 'km',
    };
    await metaSet(
      services.db,
      'clientConfig',
      clientConfigFor({ authorName: '', tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '© Test Tiles' }, chicago),
    );
    const willis = listed('Willis Tower', 41.8789, -87.6359, 0.42);
    const map = renderMap({ origin: null, restrooms: [] }, services);

    await waitFor(() => expect(tileSources(map).some((src) => src.endsWith(tileAt(chicago.mapCenter, 12)))).toBe(true));
    map.showWith({ origin: null, restrooms: [willis] });
    await waitFor(() => expect(tileSources(map).some((src) => src.endsWith(tileAt(chicago.mapCenter, 13)))).toBe(true));
    expect(tileSources(map).some((src) => src.includes(tileAt(FALLBACK_CLIENT_CONFIG.region.mapCenter, 13)))).toBe(false);
    expect(within(map).getByRole('button', { name: 'Willis Tower, 0.68 km' })).toBeTruthy();
  });

  it('closes the card of a restroom the filters take away, and the next tap offers to add one', async () => {
    const map = renderMap({ onAddHere: vi.fn() });
    fireEvent.click(within(map).getByRole('button', { name: 'Mill City Museum, 0.68 mi' }));
    expect(await within(map).findByRole('dialog', { name: 'Mill City Museum' })).toBeTruthy();

    map.showWith({ onAddHere: vi.fn(), restrooms: [walker, loring] });
    expect(within(map).queryByRole('dialog')).toBeNull();
    fireEvent.click(map, { clientX: 100, clientY: 100 });

    expect(await within(map).findByRole('button', { name: 'Add a bathroom here' })).toBeTruthy();
  });

  it('offers nothing on a tap when adding is not possible', () => {
    const map = renderMap();
    fireEvent.click(map, { clientX: 100, clientY: 100 });
    expect(within(map).queryByRole('button', { name: 'Add a bathroom here' })).toBeNull();
  });
});
