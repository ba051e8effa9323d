import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { makeRestroom } from '@/test/fixtures';
import { seedRestrooms, testServices } from '@/test/services';
import { nearestOpenNowLink } from '@/lib/links/visit-links';
import { NO_FILTERS } from './bathrooms-filters';
import { fakeGeolocation, listedNames, positionAt, renderBathroomsPage, replaceNavigator } from './bathrooms-page-test-kit';
import { filtersToKeep, parseVisitParameters, visitFilters } from './visit-parameters';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

const restore: Array<() => void> = [];

afterEach(() => {
  // Unmounted before the navigator is put back: the page stops its position watch on the way out.
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  restore.splice(0).forEach((put) => put());
});

const allWeek = () => Array.from({ length: 7 }, (_, day) => ({ day, open: 0, close: 0 }));
const never = () => [] as Array<{ day: number; open: number; close: number }>;

describe('the parameters of a link to /bathrooms', () => {
  it('reads the Nearest open now shortcut as Open now on and the list', () => {
    expect(nearestOpenNowLink).toBe('/bathrooms?open=now&sort=nearest');
    expect(parseVisitParameters(new URL(nearestOpenNowLink, 'https://allstall.example').search)).toEqual({ filters: { open_now: true }, view: 'list' });
  });

  it('reads each parameter alone, and ignores values it does not know', () => {
    expect(parseVisitParameters('?open=now')).toEqual({ filters: { open_now: true }, view: null });
    expect(parseVisitParameters('?sort=nearest')).toEqual({ filters: {}, view: 'list' });
    expect(parseVisitParameters('?open=later&sort=name&view=map')).toEqual({ filters: {}, view: null });
    expect(parseVisitParameters('')).toEqual({ filters: {}, view: null });
  });

  it('turns the link’s filter on over the filters kept on the device', () => {
    const kept = { ...NO_FILTERS, accessible: true };
    expect(visitFilters(kept, parseVisitParameters('?open=now'))).toEqual({ ...kept, open_now: true });
  });

  it('keeps a change made during the visit without the link’s filter, unless the person turned that off', () => {
    const kept = { ...NO_FILTERS, accessible: true };
    const visit = parseVisitParameters('?open=now&sort=nearest');
    // Gender-neutral added, Open now left as the link set it: the device keeps the first, not the second.
    expect(filtersToKeep(kept, visit, { ...kept, open_now: true, unisex: true })).toEqual({ ...kept, unisex: true });
    // Open now taken off: the person's own choice.
    expect(filtersToKeep({ ...kept, open_now: true }, visit, { ...kept, open_now: false })).toEqual(kept);
    // A device that keeps Open now on keeps it on.
    expect(filtersToKeep({ ...kept, open_now: true }, visit, { ...kept, open_now: true, unisex: true })).toEqual({ ...kept, open_now: true, unisex: true });
  });
});

describe('/bathrooms?open=now&sort=nearest', () => {
  it('lists the restrooms open now, nearest the person first, and leaves the kept filters and view alone', async () => {
    const services = testServices();
    // Walking north from here, the restrooms come in this order: Close Closed, Close Open, Far Open.
    const here = { lat: 44.95, lng: -93.26 };
    await seedRestrooms(services, [
      makeRestroom({ name: 'Far Open', latitude: 44.99, longitude: -93.26, accessible: true, hours: allWeek() }),
      makeRestroom({ name: 'Close Open', latitude: 44.955, longitude: -93.26, accessible: true, hours: allWeek() }),
      makeRestroom({ name: 'Close Closed', latitude: 44.951, longitude: -93.26, accessible: true, hours: never() }),
      makeRestroom({ name: 'Open Not Accessible', latitude: 44.952, longitude: -93.26, accessible: false, hours: allWeek() }),
    ]);
    const keptFilters = JSON.stringify({ version: 1, value: { ...NO_FILTERS, accessible: true } });
    localStorage.setItem('allstall:home-filters', keptFilters);
    restore.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(here.lat, here.lng)))));
    restore.push(replaceNavigator('permissions', { query: () => Promise.resolve({ state: 'granted', addEventListener() {}, removeEventListener() {} }) }));

    const visit = renderBathroomsPage(services, nearestOpenNowLink);
    // The list, not the map the device would open in, measured from the person.
    await screen.findByText('Closest to you first.');
    await waitFor(() => expect(listedNames()).toEqual(['Close Open', 'Far Open']));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter: Open now' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Restrooms' })).getAllByText(/^· \d+ min walk$/)).toHaveLength(2);
    expect(localStorage.getItem('allstall:home-filters')).toBe(keptFilters);
    expect(localStorage.getItem('allstall:home-view')).toBeNull();

    visit.unmount();
    renderBathroomsPage(services);
    // The next visit opens as the device keeps it: the map, with the one kept filter.
    expect(await screen.findByRole('button', { name: 'List view' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });
});
