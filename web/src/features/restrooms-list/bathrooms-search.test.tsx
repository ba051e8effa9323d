import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LatLng, Place } from '@allstall/shared';
import { makePlace, makeRestroom } from '@/test/fixtures';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';
import { HttpError, NetworkError } from '@/lib/api/api-client';
import {
  fakeGeolocation,
  listedNames,
  positionAt,
  positionError,
  renderBathroomsPage,
  replaceNavigator,
  showList,
} from './bathrooms-page-test-kit';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

const restores: Array<() => void> = [];
afterEach(() => {
  // The page lets go of geolocation as it unmounts, before the real navigator comes back.
  cleanup();
  while (restores.length) restores.pop()!();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

// Downtown (the default origin) is at 44.97997,-93.26384.
const downtownCafe = makeRestroom({ name: 'Downtown Cafe', street: '5 Nicollet Mall', latitude: 44.9801, longitude: -93.2639 });
const northLibrary = makeRestroom({ name: 'North Library', street: '1001 Broadway', latitude: 45.05, longitude: -93.26 });
const northPlace = makePlace({ name: 'North Loop Park', formatted_address: '900 Broadway, Minneapolis, MN', at: { lat: 45.049, lng: -93.26 } });

async function renderWith(api: Parameters<typeof fakeApiClient>[0]) {
  const services = testServices(fakeApiClient(api));
  await seedRestrooms(services, [downtownCafe, northLibrary]);
  const page = renderBathroomsPage(services);
  await showList();
  await screen.findByRole('heading', { name: 'Downtown Cafe' });
  return page;
}

const field = () => screen.getByRole('combobox', { name: 'Enter an address' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const intro = () => screen.getByText(/^Closest to .* first\.$/).textContent;

describe('address search on /bathrooms', () => {
  it('re-sorts the list from a picked suggestion and names it as the origin', async () => {
    const autocomplete = vi.fn((_input: string, _near?: LatLng) => Promise.resolve([northPlace]));
    await renderWith({ autocomplete });
    expect(listedNames()).toEqual(['Downtown Cafe', 'North Library']);
    expect(intro()).toBe('Closest to downtown Minneapolis first.');

    type('north');
    fireEvent.click(await screen.findByRole('option', { name: /North Loop Park/ }));

    expect(listedNames()).toEqual(['North Library', 'Downtown Cafe']);
    expect(intro()).toBe('Closest to North Loop Park first.');
    expect((field() as HTMLInputElement).value).toBe('North Loop Park, 900 Broadway, Minneapolis, MN');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    // Suggestions lean towards where the person is looking from.
    expect(autocomplete).toHaveBeenCalledWith('north', { lat: 44.97997, lng: -93.26384 }, expect.any(AbortSignal));
  });

  it('is a combobox the keyboard can drive, and says how many suggestions there are', async () => {
    const other = makePlace({ name: 'Northeast Park', at: { lat: 45.0, lng: -93.25 } });
    await renderWith({ autocomplete: () => Promise.resolve([other, northPlace]) });

    type('north');
    await screen.findByRole('option', { name: /Northeast Park/ });
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    // Both places, and the saved restroom whose name matches below them.
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Northeast Park'),
      expect.stringContaining('North Loop Park'),
      expect.stringContaining('North Library'),
    ]);
    expect(screen.getByText('3 suggestions available.')).toBeTruthy();
    expect(field().getAttribute('aria-controls')).toBe(listbox.id);

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options[2]!.id);

    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(intro()).toBe('Closest to North Loop Park first.');
    expect(listedNames()[0]).toBe('North Library');
  });

  it('asks once typing pauses for 300 ms, only for the latest text', async () => {
    const autocomplete = vi.fn(() => Promise.resolve([northPlace]));
    await renderWith({ autocomplete });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    for (const text of ['n', 'no', 'nor', 'nort', 'north']) {
      type(text);
      act(() => vi.advanceTimersByTime(120));
    }
    act(() => vi.advanceTimersByTime(179));
    expect(autocomplete).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(autocomplete).toHaveBeenCalledTimes(1);
    expect(autocomplete).toHaveBeenCalledWith('north', expect.anything(), expect.any(AbortSignal));
  });

  it('drops an answer that arrives after a newer one was asked for', async () => {
    const answers: Array<(places: Place[]) => void> = [];
    const signals: AbortSignal[] = [];
    const autocomplete = vi.fn((_input: string, _near?: LatLng, signal?: AbortSignal) => {
      signals.push(signal!);
      return new Promise<Place[]>((resolve) => answers.push(resolve));
    });
    await renderWith({ autocomplete });

    type('nor');
    await waitFor(() => expect(autocomplete).toHaveBeenCalledTimes(1));
    type('north loop');
    await waitFor(() => expect(autocomplete).toHaveBeenCalledTimes(2));
    expect(signals[0]!.aborted).toBe(true);

    await act(async () => answers[1]!([northPlace]));
    await act(async () => answers[0]!([makePlace({ name: 'Stale Place' })]));
    expect(screen.getByRole('option', { name: /North Loop Park/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Stale Place/ })).toBeNull();
  });

  it('looks up typed text it was not given a pick for, on Enter or on leaving the field', async () => {
    const geocode = vi.fn((address: string) => Promise.resolve(address === 'nowhere at all' ? [] : [northPlace]));
    await renderWith({ autocomplete: () => Promise.resolve([]), geocode });

    type('nowhere at all');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(await screen.findByText("We couldn't find that address.")).toBeTruthy();
    expect(intro()).toBe('Closest to downtown Minneapolis first.');
    // Leaving the field with the same text does not ask again.
    fireEvent.blur(field());
    expect(geocode).toHaveBeenCalledTimes(1);

    type('  900 Broadway  ');
    fireEvent.blur(field());
    await waitFor(() => expect(intro()).toBe('Closest to North Loop Park first.'));
    expect(geocode).toHaveBeenLastCalledWith('900 Broadway', expect.any(AbortSignal));
    expect(listedNames()[0]).toBe('North Library');
    expect(screen.queryByText("We couldn't find that address.")).toBeNull();

    // An emptied field is never sent; it goes back to downtown.
    type('   ');
    fireEvent.blur(field());
    expect(geocode).toHaveBeenCalledTimes(2);
    expect(intro()).toBe('Closest to downtown Minneapolis first.');
  });

  it('keeps the searched address through a visit to a restroom, until it is cleared', async () => {
    const { router } = await renderWith({ autocomplete: () => Promise.resolve([northPlace]) });
    type('north');
    fireEvent.click(await screen.findByRole('option', { name: /North Loop Park/ }));

    await act(() => router.navigate(`/bathrooms/${northLibrary.id}`));
    expect(screen.getByRole('heading', { name: `Restroom ${northLibrary.id}` })).toBeTruthy();
    await act(() => router.navigate(-1));

    await screen.findByRole('heading', { name: 'North Library' });
    expect(intro()).toBe('Closest to North Loop Park first.');
    expect((field() as HTMLInputElement).value).toContain('North Loop Park');
    expect(listedNames()[0]).toBe('North Library');

    fireEvent.click(screen.getByRole('button', { name: 'Clear address' }));
    expect(intro()).toBe('Closest to downtown Minneapolis first.');
    expect((field() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(listedNames()[0]).toBe('Downtown Cafe');
  });

  it('goes back to the downtown heading as soon as the field is emptied, before leaving it', async () => {
    await renderWith({ autocomplete: () => Promise.resolve([northPlace]) });
    type('north');
    fireEvent.click(await screen.findByRole('option', { name: /North Loop Park/ }, { timeout: 15_000 }));
    expect(intro()).toBe('Closest to North Loop Park first.');

    type('');

    expect(intro()).toBe('Closest to downtown Minneapolis first.');
    expect(listedNames()[0]).toBe('Downtown Cafe');
    expect(screen.queryByRole('button', { name: 'Clear address' })).toBeNull();
    // Typing again searches afresh.
    type('nor');
    expect(await screen.findByRole('option', { name: /North Loop Park/ }, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('address search without the geocoder', () => {
  it('offline, suggests saved restrooms by name, street or city and opens the one picked', async () => {
    restores.push(replaceNavigator('onLine', false));
    const autocomplete = vi.fn(() => Promise.resolve([northPlace]));
    const { router } = await renderWith({ autocomplete });

    type('broadway');
    const option = await screen.findByRole('option', { name: /North Library/ });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByText('Address search needs a connection. Showing restrooms saved on this device.')).toBeTruthy();
    expect(autocomplete).not.toHaveBeenCalled();

    fireEvent.click(option);
    expect(router.state.location.pathname).toBe(`/bathrooms/${northLibrary.id}`);
  });

  it('when the request fails for want of a connection, says address search needs one', async () => {
    await renderWith({ autocomplete: () => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))) });
    type('CAFÉ');
    expect(await screen.findByRole('option', { name: /Downtown Cafe/ })).toBeTruthy();
    expect(screen.getByText('Address search needs a connection. Showing restrooms saved on this device.')).toBeTruthy();
  });

  it('when the geocoder fails (502), still suggests saved restrooms and says why', async () => {
    const down = new HttpError(502, { statusCode: 502, error: 'Bad Gateway', message: 'The geocoder did not answer.' });
    const geocode = vi.fn(() => Promise.reject(down));
    await renderWith({ autocomplete: () => Promise.reject(down), geocode });

    type('library');
    expect(await screen.findByRole('option', { name: /North Library/ })).toBeTruthy();
    expect(screen.getByText("Address search isn't working right now. Showing restrooms saved on this device.")).toBeTruthy();

    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(geocode).toHaveBeenCalledTimes(1));
    expect(intro()).toBe('Closest to downtown Minneapolis first.');
    expect(screen.getByText("Address search isn't working right now. Showing restrooms saved on this device.")).toBeTruthy();
  });
});

describe('use my location on /bathrooms', () => {
  it('says so when location is blocked, and keeps measuring from downtown', async () => {
    restores.push(replaceNavigator('geolocation', fakeGeolocation((_ok, fail) => fail(positionError(1)))));
    await renderWith({});

    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));

    expect(await screen.findByText('Location is blocked for this site. Using downtown Minneapolis instead; you can search an address.')).toBeTruthy();
    expect(intro()).toBe('Closest to downtown Minneapolis first.');
    expect(listedNames()[0]).toBe('Downtown Cafe');
  });

  it('says so when no position comes in time', async () => {
    restores.push(replaceNavigator('geolocation', fakeGeolocation((_ok, fail) => fail(positionError(3)))));
    await renderWith({});
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/^Finding your location took too long\. Using downtown Minneapolis instead/)).toBeTruthy();
  });

  it('measures from the position, marks it on the map, and replaces a searched address', async () => {
    restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(45.06, -93.26)))));
    await renderWith({ autocomplete: () => Promise.resolve([makePlace({ name: 'Downtown Place', at: { lat: 44.98, lng: -93.264 } })]) });
    type('downtown');
    fireEvent.click(await screen.findByRole('option', { name: /Downtown Place/ }));
    expect(intro()).toBe('Closest to Downtown Place first.');

    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));

    await waitFor(() => expect(intro()).toBe('Closest to you first.'));
    expect(listedNames()[0]).toBe('North Library');
    expect((field() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Map view' }));
    expect(await screen.findByText('Map centred on Your location')).toBeTruthy();
  });

  it('goes back to the position, not downtown, when a searched address is cleared', async () => {
    restores.push(replaceNavigator('geolocation', fakeGeolocation((ok) => ok(positionAt(45.06, -93.26)))));
    await renderWith({ autocomplete: () => Promise.resolve([makePlace({ name: 'Downtown Place', at: { lat: 44.98, lng: -93.264 } })]) });
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(intro()).toBe('Closest to you first.'), { timeout: 15_000 });

    type('downtown');
    fireEvent.click(await screen.findByRole('option', { name: /Downtown Place/ }, { timeout: 15_000 }));
    expect(intro()).toBe('Closest to Downtown Place first.');
    expect(listedNames()[0]).toBe('Downtown Cafe');

    fireEvent.click(screen.getByRole('button', { name: 'Clear address' }));

    expect(intro()).toBe('Closest to you first.');
    expect(listedNames()[0]).toBe('North Library');
  });
});
