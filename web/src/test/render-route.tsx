import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import type { User } from '@allstall/shared';
import { routes } from '../app/router';
import { metaSet } from '../lib/db';
import type { Services } from '../lib/services';
import { testServices, TestProviders } from './services';

/**
 * The whole app's routes at `entry` (a path, or a location with router state), with `user` signed in
 * (or a guest), on the given services.
 */
export async function renderRoute(entry: InitialEntry, { services = testServices(), user = null }: { services?: Services; user?: User | null } = {}) {
  await metaSet(services.db, 'user', user);
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <TestProviders services={services}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, services };
}
