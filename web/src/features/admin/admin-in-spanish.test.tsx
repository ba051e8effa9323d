import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hhmmFormat, type User } from '@allstall/shared';
import { ContractError, NetworkError, type ApiClient } from '@/lib/api/api-client';
import { adminCallFailureText } from '@/lib/api/admin-calls';
import { metaSet } from '@/lib/db/db';
import { activateLocale, intlLocaleFor } from '@/lib/i18n/i18n';
import { makeRestroom, makeUser, testId } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices, TestProviders } from '@/test/services';
import { admin, adminApi, linesOf, makeFlagReview, makePendingRestroom, offline } from './shared/admin-test-kit';
import { UsersTab } from './users/users-tab';

/*
 * The admin screens as a Spanish-speaking admin sees them: every test switches the app to Spanish
 * first, and asserts the words a person would read (tabs, headers, empty states, dialogs, the
 * decision lines with the item's name, dates in Spanish).
 */

beforeEach(async () => {
  await act(() => activateLocale('es'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLocale('en'));
});

const library = makePendingRestroom({
  name: 'Quiet Library',
  street: '300 Nicollet Mall',
  admin_comment: 'Revisar el cartel',
  adder_comment: 'Pide la llave en el mostrador.',
  hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: 900, close: 1700 })),
});

function renderAdmin(path: string, lists: Record<string, () => Promise<unknown>>, overrides: Partial<ApiClient> = {}) {
  return renderRoute(path, { services: testServices(adminApi(lists, overrides)), user: admin });
}

const headersOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((cell) => cell.textContent);

describe('the admin page in Spanish', () => {
  // The first test also waits for every lazily loaded screen: slow on a busy machine.
  it('names the page, its tabs and the approval table in Spanish, with the date in Spanish', async () => {
    await renderAdmin('/admin', { '/api/admin/pending': () => Promise.resolve([library]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeTruthy();
    const tablist = screen.getByRole('tablist', { name: 'Revisión pendiente' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Aprobar baños', 'Baños con sugerencias', 'Mensajes', 'Cuentas']);
    expect(within(screen.getByRole('navigation', { name: 'Otras páginas de administración' })).getByRole('link', { name: 'Editar baños' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Baños por aprobar' });
    expect(headersOf(table)).toEqual(['Añadido por', 'Fecha de alta', 'Nombre del baño', 'Calle', 'Ciudad', 'Servicios', 'Eliminar', 'Editar', 'Aprobar']);
    const row = within(table).getByRole('row', { name: /Quiet Library/ });
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('20 nov 2026');
    // The hours as the detail page writes them in Spanish.
    expect(linesOf(within(row.nextElementSibling as HTMLElement).getByRole('group', { name: 'Comentario y horario' }))).toEqual([
      'Comentario (público al aprobarse): Pide la llave en el mostrador.',
      'Comentario para administración: Revisar el cartel',
      `Horario: Lun–Vie ${hhmmFormat(900, intlLocaleFor('es'))} - ${hhmmFormat(1700, intlLocaleFor('es'))}`,
    ]);
    expect(within(row).getByRole('button', { name: 'Aprobar Quiet Library' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Administración · allstall'));
  }, 30_000);

  it('changes language in place when the admin switches it, the table included', async () => {
    await act(() => activateLocale('en'));
    await renderAdmin('/admin', { '/api/admin/pending': () => Promise.resolve([library]) });
    const table = await screen.findByRole('table', { name: 'Bathrooms to approve' });
    expect(within(table).getAllByRole('cell')[1]?.textContent).toBe('Nov 20, 2026');

    await act(() => activateLocale('es'));

    expect(await screen.findByRole('tab', { name: 'Aprobar baños' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Baños por aprobar' })).toBe(table);
    expect(within(table).getAllByRole('cell')[1]?.textContent).toBe('20 nov 2026');
    expect(within(table).getByRole('button', { name: 'Aprobar Quiet Library' })).toBeTruthy();
  }, 30_000);

  it('says an empty list is empty in Spanish', async () => {
    await renderAdmin('/admin/comments', { '/api/contact': () => Promise.resolve([]) });

    const panel = await screen.findByRole('tabpanel', { name: 'Mensajes' });
    expect(await within(panel).findByText('Aún no hay mensajes.')).toBeTruthy();
  });

  it('says in Spanish that a list is kept from an earlier load while offline, and when it was loaded', async () => {
    let answer: () => Promise<unknown> = () => Promise.resolve([library]);
    await renderAdmin('/admin', { '/api/admin/pending': () => answer() });
    await screen.findByRole('table', { name: 'Baños por aprobar' });

    answer = offline;
    act(() => void window.dispatchEvent(new Event('online')));

    expect(await screen.findByText(/^No tienes conexión\. Se muestran los baños tal como se cargaron el \d+ \p{L}+ \d{4}\.$/u)).toBeTruthy();
  });
});

describe('a decision in Spanish', () => {
  it('says it is saved to send later, by the name of what it decides, with Undo in Spanish', async () => {
    await renderAdmin('/admin', { '/api/admin/pending': () => Promise.resolve([library]) });
    await screen.findByRole('table', { name: 'Baños por aprobar' });

    fireEvent.click(screen.getByRole('button', { name: 'Rechazar Quiet Library' }));

    // The test's server is out of reach: the decision waits on the device.
    const line = await screen.findByText('Guardado para enviar después: Rechazar Quiet Library.');
    expect(line.getAttribute('role')).toBe('status');
    expect(await screen.findByText(/^Rechazado — /)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Deshacer Quiet Library' })).toBeTruthy();
  }, 30_000);

  it('says "Se aprobó NAME." once the server has the approval', async () => {
    let pending = [library];
    const sendWrite = vi.fn(() => {
      pending = [];
      return Promise.resolve(null);
    });
    await renderAdmin('/admin', { '/api/admin/pending': () => Promise.resolve(pending) }, { sendWrite });
    await screen.findByRole('table', { name: 'Baños por aprobar' });

    fireEvent.click(screen.getByRole('button', { name: 'Aprobar Quiet Library' }));

    expect(await screen.findByText('Se aprobó Quiet Library.')).toBeTruthy();
    expect(await screen.findByText('No hay baños esperando aprobación.')).toBeTruthy();
  }, 30_000);
});

describe('the flag review in Spanish', () => {
  /** What one side of the review says for a field (the <dd> after its <dt>). */
  function valueOf(side: HTMLElement, label: string): string | null | undefined {
    const term = [...side.querySelectorAll('dt')].find((dt) => dt.textContent === label);
    return term?.nextElementSibling?.textContent;
  }

  it('sets the suggestion beside the original, each value in Spanish, unknown as "Sin datos"', async () => {
    const base = makeFlagReview();
    const original = { ...base.original, unisex: null, accessible: true, access: null };
    const flag = makeFlagReview({
      original,
      proposed: { ...original, name: 'Central Library', unisex: true, accessible: null, access: 'customers' },
      changed: ['name', 'unisex', 'accessible', 'access'],
    });
    await renderAdmin('/admin?tab=flagged', { '/api/flags': () => Promise.resolve([flag]) });

    const table = await screen.findByRole('table', { name: 'Baños con sugerencias' });
    expect(headersOf(table)).toEqual(['Sugerencia de', 'Fecha de la sugerencia', 'Nombre', 'Calle', 'Ciudad', 'Revisar cambios sugeridos']);
    fireEvent.click(within(table).getByRole('button', { name: 'Revisar cambios sugeridos de Quiet Library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revisar cambios sugeridos' });

    expect(dialog.textContent).toContain('Quiet Library · sugerencia de River');
    const [suggested, before] = within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.closest('section')!);
    expect(within(suggested!).getByRole('heading').textContent).toBe('Sugerido');
    expect(within(before!).getByRole('heading').textContent).toBe('Original');
    expect(valueOf(suggested!, 'Nombre')).toBe('Central Library (cambiado)');
    expect(valueOf(suggested!, 'Para todo género')).toBe('Sí (cambiado) antes: Sin datos');
    expect(valueOf(suggested!, 'Accesible en silla de ruedas')).toBe('Sin datos (cambiado) antes: Sí');
    expect(valueOf(suggested!, 'Quién puede usarlo')).toBe('Solo con compra (cambiado) antes: Sin datos');
    expect(valueOf(before!, 'Para todo género')).toBe('Sin datos');
    expect(valueOf(before!, 'Cerrado para siempre')).toBe('No');
    expect(dialog.textContent).not.toMatch(/unisex/i);
    for (const name of ['Cerrar', 'Rechazar sugerencias', 'Editar', 'Aprobar']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(await within(dialog).findByRole('button', { name: 'Volver a las sugerencias' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Cerrado para siempre' })).toBeTruthy();
  }, 30_000);
});

describe('the Users tab in Spanish', () => {
  const ada = makeUser({ username: 'Ada', is_admin: true, inserted_at: '2026-01-15T18:00:00.000Z' });
  const river = makeUser({ username: 'River', is_admin: false, inserted_at: '2026-03-04T05:06:07.000Z' });

  async function renderUsers(users: User[]) {
    const services = testServices(fakeApiClient({ getJson: (() => Promise.resolve(users)) as never, sendWrite: offline }));
    await metaSet(services.db, 'user', ada);
    render(
      <TestProviders services={services}>
        <UsersTab />
      </TestProviders>,
    );
    return { services, table: await screen.findByRole('table', { name: 'Cuentas' }) };
  }

  it('lists the accounts with "administración" for the role, the dates in Spanish, and says why the last admin stays', async () => {
    const { table } = await renderUsers([ada, river]);

    expect(headersOf(table)).toEqual(['Nombre de usuario', 'Administración', 'Alta', 'Rol', 'Eliminar']);
    const adaRow = within(table).getByRole('row', { name: /Ada/ });
    expect(adaRow.textContent).toContain('Ada (tu cuenta)');
    expect(within(adaRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Sí',
      '15 ene 2026',
      'Última cuenta de administración',
      'Última cuenta de administración',
    ]);
    // 05:06 UTC is still the evening before in the region (America/Chicago).
    expect(within(within(table).getByRole('row', { name: /River/ })).getAllByRole('cell')[1]?.textContent).toBe('3 mar 2026');
    expect(
      screen.getByText('La última cuenta de administración no puede perder ese acceso ni eliminarse. Primero da acceso de administración a otra cuenta.'),
    ).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Dar acceso de administración River' })).toBeTruthy();
  });

  it('names the account in the delete confirmation, in Spanish', async () => {
    const { table } = await renderUsers([ada, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Eliminar River' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Lo confirmas?' });
    expect(linesOf(question)).toEqual(['Eliminar la cuenta “River”, con sus votos y comentarios.', '¡No podrás deshacerlo!']);
  });

  it('says in Spanish that no accounts are kept on the device yet while offline', async () => {
    const services = testServices(fakeApiClient({ getJson: offline as never, sendWrite: offline }));
    await metaSet(services.db, 'user', ada);
    render(
      <TestProviders services={services}>
        <UsersTab />
      </TestProviders>,
    );

    expect(
      await screen.findByText('No tienes conexión y aún no hay cuentas guardadas en este dispositivo. Se cargarán cuando vuelvas a tener conexión.'),
    ).toBeTruthy();
  });

  it('says a role change is saved to send later in Spanish', async () => {
    const { services, table } = await renderUsers([ada, river]);

    fireEvent.click(within(table).getByRole('button', { name: 'Dar acceso de administración River' }));

    await waitFor(async () => expect(await services.db.outbox.toArray()).toMatchObject([{ kind: 'user-role', body: { username: 'River', is_admin: true } }]));
    expect(await screen.findByText('Guardado para enviar después: Dar acceso de administración a River.')).toBeTruthy();
    expect(await screen.findByText(/^Con acceso de administración — /)).toBeTruthy();
  });
});

describe('/admin/editbathrooms in Spanish', () => {
  it('counts the bathrooms with a plural, and words each status in Spanish', async () => {
    const rooms = [makeRestroom({ name: 'Quiet Library' }), makeRestroom({ name: 'Corner Cafe', status: 'pending' }), makeRestroom({ name: 'Old Museum', is_removed: true })];
    await renderAdmin('/admin/editbathrooms', { '/api/bathrooms?all=1': () => Promise.resolve(rooms) });

    const table = await screen.findByRole('table', { name: 'Todos los baños' });
    expect(screen.getByRole('heading', { level: 1, name: 'Editar baños' })).toBeTruthy();
    expect(screen.getByText('3 baños')).toBeTruthy();
    const statusOf = (name: string) => within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[2]?.textContent;
    expect([statusOf('Quiet Library'), statusOf('Corner Cafe'), statusOf('Old Museum')]).toEqual(['Aprobado', 'Pendiente', 'Oculto']);
    expect(within(table).getByRole('button', { name: 'Volver a mostrar Old Museum' })).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Escribe un nombre o id'), { target: { value: 'cafe' } });
    expect(screen.getByText('1 de 3 baños')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Escribe un nombre o id'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('Ningún baño coincide con ese nombre o id.')).toBeTruthy();
  }, 30_000);

  it('names the restroom in the confirmations, in Spanish, and leads back to the admin page', async () => {
    await renderAdmin('/admin/editbathrooms', { '/api/bathrooms?all=1': () => Promise.resolve([makeRestroom({ name: 'Quiet Library' })]) });
    const table = await screen.findByRole('table', { name: 'Todos los baños' });
    expect(screen.getByRole('link', { name: 'Volver a administración' }).getAttribute('href')).toBe('/admin');

    fireEvent.click(within(table).getByRole('button', { name: 'Dejar de mostrar Quiet Library' }));
    let question = await screen.findByRole('alertdialog', { name: '¿Lo confirmas?' });
    expect(linesOf(question)).toEqual(['Dejar de mostrar “Quiet Library”.']);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Eliminar de la base de datos Quiet Library' }));
    question = await screen.findByRole('alertdialog', { name: '¿Lo confirmas?' });
    expect(linesOf(question)).toEqual(['Eliminar “Quiet Library” de la base de datos.', '¡No podrás deshacerlo!']);
  });

  it('says "1 baño" for one', async () => {
    await renderAdmin('/admin/editbathrooms', { '/api/bathrooms?all=1': () => Promise.resolve([makeRestroom({ name: 'Quiet Library' })]) });

    await screen.findByRole('table', { name: 'Todos los baños' });
    expect(screen.getByText('1 baño')).toBeTruthy();
  });
});

describe('/admin/contact in Spanish', () => {
  const message = { id: testId(), user_id: testId(), username: 'sam', details: 'El baño cierra los domingos.', inserted_at: '2026-11-20T15:00:00.000Z' };
  const pending = { ...message, resolved: false, resolved_by: null, resolved_at: null };
  const done = { ...message, id: testId(), username: 'lee', resolved: true, resolved_by: 'Ada', resolved_at: '2026-11-21T15:00:00.000Z' };

  it('titles the page and its columns in Spanish, and says who resolved a message', async () => {
    await renderAdmin('/admin/contact', { '/api/contact': () => Promise.resolve([pending, done]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Datos de contacto de la comunidad' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Datos de contacto de la comunidad' });
    expect(headersOf(table)).toEqual(['Nombre', 'Fecha', 'Detalles', 'Resolver']);
    expect(within(within(table).getByRole('row', { name: /lee/ })).getAllByRole('cell')[2]?.textContent).toBe('¡Resuelto! por Ada');

    fireEvent.click(within(table).getByRole('button', { name: 'Marcar como resuelto mensaje de sam: “El baño cierra los domingos.”' }));

    expect(await screen.findByText('Guardado para enviar después: Marcar “El baño cierra los domingos.” como resuelto.')).toBeTruthy();
  }, 30_000);
});

describe("an admin tool's failure in Spanish", () => {
  it('says the server could not be reached, or answered oddly, in Spanish', () => {
    expect(adminCallFailureText(new NetworkError(new TypeError('x')))).toBe(
      'No se pudo contactar con el servidor, o tardó demasiado en responder. Inténtalo de nuevo en un momento.',
    );
    expect(adminCallFailureText(new ContractError('/api/x'))).toBe('El servidor no respondió como se esperaba.');
  });
});
