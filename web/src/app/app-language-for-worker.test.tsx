import { afterEach, describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { metaGet } from '../lib/db';
import { activateLocale } from '../lib/i18n/i18n';
import { languageForWorker } from '../lib/worker-language';
import { fakeApiClient, testServices } from '../test/services';
import { App } from './app';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the running app', () => {
  it('keeps the language it speaks where the service worker reads it, and follows a change', async () => {
    // A server that never answers: the app starts offline, as it may when the worker matters most.
    const silent = () => new Promise<never>(() => undefined);
    const services = testServices(fakeApiClient({ currentUser: silent, clientConfig: silent, syncPage: silent, syncSnapshot: silent }));
    await act(async () => {
      render(<App services={services} />);
    });
    await waitFor(async () => expect(await metaGet(services.db, 'language')).toBe('en'));
    await act(() => activateLocale('es'));
    await waitFor(async () => expect(await metaGet(services.db, 'language')).toBe('es'));
    expect(await languageForWorker(services.db, ['en-US'])).toBe('es');
  });
});
