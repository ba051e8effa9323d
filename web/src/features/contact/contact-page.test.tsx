import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NetworkError } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function renderContact() {
  const user = makeUser();
  const { services } = await renderRoute('/contact', { services: testServices(fakeApiClient({ sendWrite: offline })), user });
  await screen.findByRole('heading', { level: 1, name: 'Contact Us!' });
  return { services, user, box: screen.getByLabelText('Your message') as HTMLTextAreaElement };
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ContactPage', () => {
  it('offers a 6-row box with the placeholder and a Submit button', async () => {
    const { box } = await renderContact();
    expect(box.rows).toBe(6);
    expect(box.placeholder).toBe('Suggestions, comments, concerns...');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it("warns 'Hey!!' about a blank message and queues nothing", async () => {
    const { services, box } = await renderContact();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Hey!!' });
    expect(warning.textContent).toContain('Please write a comment if you want to submit feedback!');
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('queues the message, clears the box and says it was received', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { services, user, box } = await renderContact();
    fireEvent.change(box, { target: { value: 'More places in St Paul, please.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you!' });
    expect(thanks.textContent).toContain('Message received!');
    expect(thanks.textContent).toContain("It will be sent automatically when you're back online.");
    expect(box.value).toBe('');
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'contact', userId: user.id, body: { details: 'More places in St Paul, please.' } });
  });

  it("says 'Oh no!' and keeps the words when the device cannot store them", async () => {
    const user = makeUser();
    const services = testServices();
    services.outbox = { ...services.outbox, enqueue: () => Promise.reject(new Error('QuotaExceededError')) };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderRoute('/contact', { services, user });
    const box = (await screen.findByLabelText('Your message')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const failure = await screen.findByRole('alertdialog', { name: 'Oh no!' });
    expect(failure.textContent).toContain('Something went wrong. Please try again later.');
    expect(box.value).toBe('Hello');
  });
});

describe('ContactPage in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('asks, warns about a blank message and thanks in Spanish', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => activateLocale('es'));
    const { services } = await renderRoute('/contact', { services: testServices(fakeApiClient({ sendWrite: offline })), user: makeUser() });
    await screen.findByRole('heading', { level: 1, name: '¡Escríbenos!' });
    // The title is set by an effect, which React may run just after the heading is on the page.
    await waitFor(() => expect(document.title).toBe('Contacto · allstall'));
    const box = screen.getByLabelText('Tu mensaje') as HTMLTextAreaElement;
    expect(box.placeholder).toBe('Sugerencias, comentarios, inquietudes...');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const warning = await screen.findByRole('alertdialog', { name: '¡¡Oye!!' });
    expect(warning.textContent).toContain('¡Escribe un comentario si quieres enviar tu opinión!');
    fireEvent.click(within(warning).getByRole('button'));

    fireEvent.change(box, { target: { value: '¡Gracias por la app!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const thanks = await screen.findByRole('alertdialog', { name: '¡Gracias!' });
    expect(thanks.textContent).toContain('¡Recibimos tu mensaje!');
    expect(thanks.textContent).toContain('Ahora mismo no tienes conexión.');
    expect(await services.db.outbox.count()).toBe(1);
  });
});
