import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeocodeToolReport } from '@allstall/shared';
import type { ApiClient } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, seedRestrooms, testServices } from '@/test/services';

/* /api in Spanish: the tools' headings, a report's pluralised counts, and the range's problems with their values. */

const admin = makeUser({ username: 'Ada', is_admin: true });
const id = (n: number) => `0192f3a4-5b6c-7d8e-9f01-${String(n).padStart(12, '0')}`;

async function renderInSpanish(api: Partial<ApiClient>) {
  await act(() => activateLocale('es'));
  const services = testServices(fakeApiClient(api));
  await seedRestrooms(services, [makeRestroom({ id: id(10), name: 'Biblioteca tranquila' }), makeRestroom({ id: id(30), name: 'Parque' })]);
  await renderRoute('/api', { services, user: admin });
  await screen.findByRole('heading', { level: 1, name: 'Herramientas de geocodificación y lugares' });
  return {
    geocoding: screen.getByRole('region', { name: 'Geocodificación' }),
    hours: screen.getByRole('region', { name: 'Horarios desde OpenStreetMap' }),
  };
}

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('the API tools page in Spanish', () => {
  it('reports a geocoding batch with Spanish plurals', async () => {
    const report: GeocodeToolReport = {
      checked: 2,
      updated: [{ id: id(1), name: 'Biblioteca tranquila', latitude: 44.9799123, longitude: -93.2701987 }],
      notFound: [{ id: id(2), name: 'Café perdido' }],
      remaining: 1,
      nextAfterId: id(2),
    };
    const { geocoding } = await renderInSpanish({ sendWrite: vi.fn().mockResolvedValue(report) });
    await waitFor(() => expect(document.title).toBe('Herramientas de geocodificación y lugares · allstall'));

    fireEvent.click(within(geocoding).getByRole('button', { name: 'Geocodificar los baños sin coordenadas' }));
    expect((await within(geocoding).findByRole('status')).textContent).toBe('Se revisaron 2 baños: 1 ubicado, 1 no encontrado.');
    expect(within(geocoding).getByRole('heading', { name: 'Ubicados' })).toBeTruthy();
    expect(within(geocoding).getByRole('heading', { name: 'No encontrados' })).toBeTruthy();
    expect(within(geocoding).getByText(/^Queda 1 baño sin coordenadas por revisar\./)).toBeTruthy();
    expect(within(geocoding).getByRole('button', { name: 'Continuar' })).toBeTruthy();
  });

  it('says what is wrong with the range in Spanish, with the example id and the server rule', async () => {
    const sendWrite = vi.fn();
    const { hours } = await renderInSpanish({ sendWrite });
    const fill = () => fireEvent.click(within(hours).getByRole('button', { name: 'Rellenar horarios' }));
    const type = (label: string, value: string) => fireEvent.change(within(hours).getByLabelText(label), { target: { value } });

    fill();
    expect(within(hours).getByRole('alert').textContent).toBe('Escribe el id mínimo de baño o elige un baño de la lista.');

    type('Id mínimo de baño', 'biblioteca');
    fill();
    expect(within(hours).getByRole('alert').textContent).toBe('El id mínimo de baño debe ser un id de baño, como 0192f3a4-5b6c-7d8e-9f01-23456789abcd.');

    type('Id mínimo de baño', id(30));
    type('Id máximo de baño', id(10));
    fill();
    expect(within(hours).getByRole('alert').textContent).toBe('El id máximo no puede ir antes que el id mínimo.');
    // The picked restrooms are named under their ids, and the shortcut reads in Spanish too.
    expect(within(hours).getByText('Parque')).toBeTruthy();
    expect(within(hours).getByRole('button', { name: 'Del primer baño al último' })).toBeTruthy();
    expect(sendWrite).not.toHaveBeenCalled();
  });

  it('puts a problem already shown into the language chosen next', async () => {
    const { hours } = await renderInSpanish({ sendWrite: vi.fn() });
    fireEvent.click(within(hours).getByRole('button', { name: 'Rellenar horarios' }));
    expect(within(hours).getByRole('alert').textContent).toBe('Escribe el id mínimo de baño o elige un baño de la lista.');
    await act(() => activateLocale('en'));
    expect(within(hours).getByRole('alert').textContent).toBe('Enter the min restroom id, or pick a restroom from the list.');
  });
});
