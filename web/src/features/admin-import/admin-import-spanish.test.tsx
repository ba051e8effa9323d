import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, WriteRequest } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';
import { makeImportReviewRow, makeImportRun, makeRefugePage } from './import-test-rows';

/* /admin/addbathrooms in Spanish: what an admin reading Spanish sees, from the headings to the counts. */

const admin = makeUser({ username: 'Ada', is_admin: true });
const RUN_PATH = '/api/admin/import-runs/01890000-0000-7000-8000-000000000001';

async function renderInSpanish(api: Partial<ApiClient>) {
  await act(() => activateLocale('es'));
  await renderRoute('/admin/addbathrooms', { services: testServices(fakeApiClient(api)), user: admin });
  await screen.findByRole('heading', { level: 1, name: 'Añadir baños' });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('the import page in Spanish', () => {
  it('names its sections, refuses a bad page size in Spanish, and reviews a Refuge page with Spanish headers and dates', async () => {
    const row = makeImportReviewRow({ name: 'Biblioteca tranquila', created_at: '2024-05-06T17:08:09.000Z', latitude: null, longitude: null });
    const getJson = vi.fn(() => Promise.resolve(makeRefugePage(3, [row], { per_page: 20, total_pages: 5 })));
    await renderInSpanish({ getJson: getJson as unknown as ApiClient['getJson'] });
    await waitFor(() => expect(document.title).toBe('Añadir baños · allstall'));
    const refuge = screen.getByRole('region', { name: 'Cargar baños desde la API de Refuge' });
    expect(screen.getByRole('region', { name: 'Cargar baños desde OpenStreetMap' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Importar toda la región' })).toBeTruthy();

    fireEvent.change(within(refuge).getByLabelText('Baños por página'), { target: { value: '0' } });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Cargar baños' }));
    expect(within(refuge).getByRole('alert').textContent).toBe('Los baños por página deben ser un número entero del 1 al 100.');
    expect(getJson).not.toHaveBeenCalled();

    fireEvent.change(within(refuge).getByLabelText('Baños por página'), { target: { value: '20' } });
    fireEvent.change(within(refuge).getByLabelText('Número de página'), { target: { value: '3' } });
    fireEvent.click(within(refuge).getByRole('button', { name: 'Cargar baños' }));

    const table = within(await within(refuge).findByRole('region', { name: 'Baños de Refuge Restrooms (1)' })).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nombre', 'Situación', 'Calle', 'Ciudad', 'Estado', 'País', 'Accesible', 'Para todo género', 'Cambiador de pañales',
      'Indicaciones', 'Comentario', 'Latitud', 'Longitud', 'Votos a favor', 'Votos en contra', 'Creado', 'Actualizado',
    ]);
    const listing = within(table).getByRole('row', { name: /Biblioteca tranquila/ });
    expect(within(listing).getByText('Nuevo')).toBeTruthy();
    expect(within(listing).getByText('Sin coordenadas')).toBeTruthy();
    expect(within(listing).getByText('6 may 2024')).toBeTruthy();
    expect(within(refuge).getByRole('status').textContent).toBe('Se cargó la página 3 de 5: 1 baño.');
    expect(within(refuge).getByRole('button', { name: 'Añadir todo a la base de datos' })).toBeTruthy();
    const credit = within(refuge).getByText(/^Listados de /);
    expect(within(credit).getByRole('link', { name: 'CC BY-SA 4.0' })).toBeTruthy();
    expect(credit.textContent).toMatch(/CC BY-SA 4\.0\.$/);
  });

  it('follows a whole-region run in Spanish: its state, its counts with Spanish thousands, its steps and its listings', async () => {
    const stopped = makeImportRun({ status: 'stopped', rows_read: 12_345, rows_new: 12_000, rows_unchanged: 345, steps_done: 7 });
    const sendWrite = vi.fn((_request: WriteRequest) => Promise.resolve(stopped as unknown));
    const getJson = vi.fn((_schema: unknown, path: string) => {
      if (path.startsWith(`${RUN_PATH}/rows`)) {
        const rows = [{ seq: 1, source_id: 'node/1', outcome: 'refused', restroom_id: null, name: 'Aseo público', city: 'Minneapolis', reason: null }];
        return Promise.resolve({ page: 1, per_page: 50, total: 1_200, rows });
      }
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    await renderInSpanish({ getJson: getJson as unknown as ApiClient['getJson'], sendWrite });
    const run = screen.getByRole('region', { name: 'Importar toda la región' });

    fireEvent.click(within(run).getByRole('button', { name: 'Importar todo desde OpenStreetMap' }));
    expect(await within(run).findByText('La importación desde OpenStreetMap está detenida.')).toBeTruthy();
    expect(within(run).getByText('Filas leídas 12.345 · Nuevas 12.000 · Cambiadas 0 · Sin cambios 345 · Rechazadas 0 · Fuera de la región 0')).toBeTruthy();
    expect(within(run).getByText('Mosaico 7 de 12 hecho')).toBeTruthy();
    expect(within(run).getByRole('heading', { name: 'Desde OpenStreetMap, iniciada por Ada' })).toBeTruthy();
    expect(within(run).getByRole('button', { name: 'Reanudar la importación' })).toBeTruthy();

    const listings = await within(run).findByRole('table', { name: 'Listados leídos por esta importación (1200)' });
    expect(within(listings).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Nombre', 'n.º', 'Resultado', 'Ciudad', 'Id en la fuente', 'Motivo']);
    expect(within(listings).getByText('Rechazado')).toBeTruthy();
    expect(within(run).getByRole('navigation', { name: 'Páginas de listados leídos' }).textContent).toContain('Página 1 de 24');
  });
});
