import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import type { User } from '@allstall/shared';
import { loadEveryScreen } from '../app/lazy-screen';
import { routes } from '../app/router';
import { metaSet } from '../lib/db/db';
import type { Services } from '../lib/services';
import { testServices, TestProviders } from './services';

/**
 * The whole app's routes at `entry` (a path, or a location with router state), with `user` signed in
 * (or a guest), on the given services.
 */
export async function renderRoute(entry: InitialEntry, { services = testServices(), user = null }: { services?: Services; user?: User | null } = {}) {
  await metaSet(services.db, 'user', user);
  // Screens are lazily loaded: their code is fetched first, and the render is awaited in act() so
  // the first screen is shown when this returns, not after React's 300 ms pause before revealing a
  // suspended screen (which would eat into the tests' waits).
  await loadEveryScreen();
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  await act(async () => {
    render(
      <TestProviders services={services}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  });
  return { router, services };
}
