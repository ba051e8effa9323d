import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiClient } from '@/lib/api/api-client';
import { NetworkError } from '@/lib/api/api-client';
import { metaGet } from '@/lib/db/db';
import { activateLocale } from '@/lib/i18n/i18n';
import { makeOutboxRow, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

afterEach(() => activateLocale('en'));

const person = makeUser({ username: 'river' });
const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

/** The about page with river signed in and `waiting` contact messages of theirs in the outbox (and one of another person's). */
async function signedInWith(waiting: string[], api: Partial<ApiClient> = {}) {
  const calls: string[] = [];
  const services = testServices(
    fakeApiClient({
      logout: async () => void calls.push('logout'),
      sendWrite: offline,
      ...api,
    }),
  );
  const rows = waiting.map((details, index) => makeOutboxRow({ kind: 'contact', body: { details } }, { userId: person.id, createdAt: index }));
  const someoneElses = makeOutboxRow({ kind: 'contact', body: { details: 'Not river’s' } }, { status: 'needs-login' });
  await services.db.outbox.bulkAdd([...rows, someoneElses]);
  await renderRoute('/about', { services, user: person });
  return { services, calls, rows, someoneElses };
}

async function logOut() {
  fireEvent.click(await screen.findByRole('button', { name: 'Account: river' }));
  fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
}

const dialog = () => screen.findByRole('alertdialog', { name: 'Changes not sent yet' });
const signedOut = (services: ReturnType<typeof testServices>) => waitFor(async () => expect(await metaGet(services.db, 'user')).toBeNull());

describe('logging out with writes not sent yet', () => {
  it('logs out at once when nothing of the person waits, though another person’s write does', async () => {
    const { services, calls } = await signedInWith([]);
    await logOut();
    await signedOut(services);
    expect(calls).toEqual(['logout']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("lists the waiting writes with three choices, and 'Discard' drops every one of theirs before logging out", async () => {
    const { services, calls, someoneElses } = await signedInWith(['The code changed', 'Door is broken']);
    await logOut();
    const asked = await dialog();
    await within(asked).findByText(/^2 changes you made on this phone have not reached the server yet\./);
    expect(within(asked).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Message to the team', 'Message to the team']);
    expect(within(asked).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel', 'Discard', 'Keep for my next login', 'Send first']);

    fireEvent.click(within(asked).getByRole('button', { name: 'Discard' }));
    await signedOut(services);
    expect(calls).toEqual(['logout']);
    expect((await services.db.outbox.toArray()).map((row) => row.id)).toEqual([someoneElses.id]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("'Keep for my next login' logs out and leaves the writes on the device for them", async () => {
    const { services, calls, rows } = await signedInWith(['The code changed']);
    await logOut();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Keep for my next login' }));
    await signedOut(services);
    expect(calls).toEqual(['logout']);
    expect(await services.db.outbox.get(rows[0]!.id)).toMatchObject({ userId: person.id });
  });

  it("'Send first' sends them, then logs out", async () => {
    const { services, calls, someoneElses } = await signedInWith(['The code changed'], {
      sendWrite: async (request) => {
        calls.push(`send ${request.path}`);
        return { id: request.idempotencyKey, inserted_at: '2026-11-28T12:00:00.000Z' };
      },
    });
    await logOut();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Send first' }));
    await signedOut(services);
    expect(calls).toEqual(['send /api/contact', 'logout']);
    expect((await services.db.outbox.toArray()).map((row) => row.id)).toEqual([someoneElses.id]);
  });

  it("'Send first' with no connection says so and stays signed in; Cancel keeps everything as it was", async () => {
    const { services, calls } = await signedInWith(['The code changed']);
    await logOut();
    const asked = await dialog();
    fireEvent.click(within(asked).getByRole('button', { name: 'Send first' }));
    expect((await within(asked).findByRole('alert')).textContent).toBe(
      'No connection, so nothing could be sent. Keep them for your next login, discard them, or try again when you have signal.',
    );
    expect(await metaGet(services.db, 'user')).toEqual(person);

    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(await metaGet(services.db, 'user')).toEqual(person);
    expect(await services.db.outbox.count()).toBe(2);
  });

  it('asks in Spanish', async () => {
    await act(() => activateLocale('es'));
    await signedInWith(['The code changed']);
    fireEvent.click(await screen.findByRole('button', { name: 'Cuenta: river' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Cambios aún sin enviar' });
    await within(asked).findByText(/^Un cambio que hiciste en este teléfono aún no ha llegado al servidor\./);
    expect(within(asked).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Cancelar',
      'Descartar',
      'Guardar para mi próximo inicio de sesión',
      'Enviar primero',
    ]);
  });
});
