import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { NetworkError } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { makeComment, makePage, makeRestroom } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

const DAY_MS = 24 * 60 * 60 * 1000;
const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

afterEach(async () => {
  sessionStorage.clear();
  await activateLocale('en');
});

describe('a restroom’s detail in Spanish', () => {
  it('says its amenities, hours, freshness, dates and actions in Spanish', async () => {
    await act(() => activateLocale('es'));
    const services = testServices(fakeApiClient({ restroomDetail: offline, sendWrite: offline }));
    const restroom = makeRestroom({
      name: 'Biblioteca Central',
      unisex: true,
      is_single_stall: null,
      access: 'customers',
      updated_at: '2026-11-22T18:00:00.000Z',
      // 72 hours back: three calendar days ago in the region (two or four only across a daylight-saving change near midnight).
      last_confirmed_at: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 830, close: 1700 })),
    });
    const comment = makeComment({ restroom_id: restroom.id, content: 'Muy limpio', inserted_at: '2026-11-02T18:00:00.000Z' });
    await services.writer.applyFeedPage(makePage({ restrooms: [restroom], comments: [comment] }), { clear: false, finishedAt: Date.now() });
    await renderRoute(`/bathrooms/${restroom.id}`, { services, user: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Biblioteca Central' })).toBeTruthy();
    expect(screen.getByText('Actualizado el 22 nov 2026')).toBeTruthy();
    const amenities = within(screen.getByRole('list', { name: 'Servicios' }));
    const lines = amenities.getAllByRole('listitem').map((li) => li.querySelector('.amenity-line__text')?.textContent);
    expect(lines).toContain('Solo con compra');
    expect(lines).toContain('Para todo género: sí');
    expect(lines).toContain('Individual: sin datos');

    expect(screen.getByText('Horario')).toBeTruthy();
    const hours = within(screen.getByRole('table'));
    expect(hours.getByRole('row', { name: 'Lunes 8:30 - 17:00' })).toBeTruthy();
    expect(hours.getByRole('row', { name: 'Domingo Cerrado' })).toBeTruthy();
    expect(screen.getByText(/^Una visita lo confirmó hace [2-4] días$/)).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Cómo llegar a Biblioteca Central' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Abrir en mapas/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '¡Usé este baño!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '¿Algo no se ve bien?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sigue ahí y como se describe' })).toBeTruthy();
    const comments = within(await screen.findByRole('list', { name: 'Comentarios' }));
    expect(comments.getByText('2 nov 2026')).toBeTruthy();
  });
});
