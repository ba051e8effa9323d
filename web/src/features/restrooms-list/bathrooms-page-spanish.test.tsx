import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeRestroom } from '@/test/fixtures';
import { seedRestrooms, testServices } from '@/test/services';
import { activateLocale } from '@/lib/i18n/i18n';
import { renderBathroomsPage } from './bathrooms-page-test-kit';
import { savedCountText } from './saved-count';

vi.mock('../restrooms-map/restroom-map', () => import('./bathrooms-page-test-map'));

afterEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await activateLocale('en');
});

describe('/bathrooms in Spanish', () => {
  it('reads the heading, the count, the amenities and the filters in Spanish', async () => {
    await act(() => activateLocale('es'));
    const services = testServices();
    await seedRestrooms(services, [
      makeRestroom({ name: 'Biblioteca', latitude: 44.9801, unisex: true, is_single_stall: false, accessible: true, changing_table: false }),
      makeRestroom({ name: 'Café', latitude: 44.99, unisex: null }),
      makeRestroom({ name: 'Parque', latitude: 45.0, unisex: null }),
    ]);
    renderBathroomsPage(services);

    expect(await screen.findByRole('heading', { level: 1, name: 'Encuentra un baño' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver lista' }));
    const list = await screen.findByRole('list', { name: 'Baños' });
    expect(await screen.findByText('Mostrando 3 de 3')).toBeTruthy();
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText(/Para todo género: sí, Cambiador de pañales: no, Accesible en silla de ruedas: sí, Individual: no/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Detalles de Biblioteca' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(dialog).getByText('Mostrar solo baños con estas características:')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Para todo género' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Incluir sin datos' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));

    expect(await screen.findByRole('button', { name: 'Filtros (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar filtro: Para todo género' })).toBeTruthy();
    // The two rows nobody has told us about come in through 'Incluir sin datos', and the count says so.
    expect(await screen.findByText('Mostrando 3 de 3 · 2 sin datos')).toBeTruthy();
  });

  it("says 'Abierto al público' and 'Gratis' as filters, and a known fee and restriction on the rows, in Spanish", async () => {
    await act(() => activateLocale('es'));
    const services = testServices();
    await seedRestrooms(services, [
      makeRestroom({ name: 'Biblioteca', latitude: 44.9801, access: 'public', fee: 'free' }),
      makeRestroom({ name: 'Café', latitude: 44.99, access: 'customers', fee: 'paid' }),
      makeRestroom({ name: 'Parque', latitude: 45.0, access: null, fee: null }),
    ]);
    renderBathroomsPage(services);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver lista' }));
    const cafe = within(await screen.findByRole('article', { name: 'Café' }));
    expect(cafe.getByText('Solo con compra')).toBeTruthy();
    expect(cafe.getByText('De pago')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(dialog).getByText('Para todo género, Individual, Abierto al público y Gratis también muestran baños de los que aún nadie nos ha contado.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Abierto al público' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Gratis' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Incluir sin datos' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('button', { name: 'Quitar filtro: Gratis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar filtro: Abierto al público' })).toBeTruthy();
    expect(await screen.findByText('Mostrando 2 de 2 · 1 sin datos')).toBeTruthy();
  });

  it('counts saved restrooms with a plural and Spanish digit grouping', async () => {
    await act(() => activateLocale('es'));
    expect(savedCountText(null, 1, 1)).toBe('1 baño guardado en este dispositivo');
    expect(savedCountText(null, 1, 100000)).toBe('100.000 baños guardados en este dispositivo');
    expect(savedCountText({ saved: 12000, total: 100000 }, null, 12000)).toBe('Guardando baños en este dispositivo: 12.000 de 100.000');
  });
});
