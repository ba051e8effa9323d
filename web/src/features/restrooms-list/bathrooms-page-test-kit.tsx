import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import type { Services } from '@/lib/services';
import { testServices, TestProviders } from '@/test/services';
import { BathroomsPage } from './bathrooms-page';

/*
 * Helpers for the /bathrooms tests. Each test file also mocks the lazy map module, since Leaflet is
 * the map's own tests' business:
 *   vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));
 */

function RestroomStub() {
  return <h1>Restroom {useParams().id}</h1>;
}

/** /bathrooms (or `path`, with a query) with the routes it leads to stubbed, on the given services. */
export function renderBathroomsPage(services: Services = testServices(), path = '/bathrooms') {
  const router = createMemoryRouter(
    [
      { path: '/bathrooms', element: <BathroomsPage /> },
      { path: '/bathrooms/:id', element: <RestroomStub /> },
      { path: '/addbathroom', element: <h1>Add a bathroom</h1> },
    ],
    { initialEntries: [path] },
  );
  const rendered = render(
    <TestProviders services={services}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, services, unmount: rendered.unmount };
}

/** Switches to the list (the map is the default view). */
export async function showList(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'List view' }));
}

export function listedNames(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

/** Replaces a navigator property for one test; call the returned function to put it back. */
export function replaceNavigator<K extends 'onLine' | 'geolocation' | 'permissions'>(key: K, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(navigator, key);
  Object.defineProperty(navigator, key, { value, configurable: true });
  return () => {
    if (own) Object.defineProperty(navigator, key, own);
    else delete (navigator as unknown as Record<string, unknown>)[key];
  };
}

/** A geolocation that answers every watch with `answer`. */
export function fakeGeolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void): Geolocation {
  return {
    watchPosition: (ok, fail) => {
      queueMicrotask(() => answer(ok, fail ?? (() => {})));
      return 1;
    },
    clearWatch: () => {},
    getCurrentPosition: (ok, fail) => answer(ok, fail ?? (() => {})),
  };
}

export function positionError(code: 1 | 2 | 3): GeolocationPositionError {
  return { code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 };
}

export function positionAt(lat: number, lng: number): GeolocationPosition {
  const coords = { latitude: lat, longitude: lng, accuracy: 10, altitude: null, altitudeAccuracy: null, heading: null, speed: null };
  return { coords: { ...coords, toJSON: () => coords }, timestamp: Date.now(), toJSON: () => ({}) };
}
