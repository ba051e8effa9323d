import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@allstall/shared';
import { makeUser } from '../test/fixtures';
import { renderRoute } from '../test/render-route';
import { activateLocale, t } from '../lib/i18n/i18n';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

async function renderInSpanish(path: string, user: User | null = makeUser({ username: 'River' })) {
  await act(() => activateLocale('es'));
  return renderRoute(path, { user });
}

describe('the shell in Spanish', () => {
  it('offers the skip link, the menu, the account menu and the footer in Spanish', async () => {
    await renderInSpanish('/about');
    await screen.findByRole('heading', { level: 1, name: '¿Sabías que…?' });
    expect(screen.getByRole('link', { name: 'Saltar al contenido' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('button', { name: 'Menú' })).toBeTruthy();
    expect(screen.getByText('Pipí en paz.')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Cuenta: River' }));
    expect(screen.getByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it('names the drawer’s links with the titles of the pages they open', async () => {
    await act(() => activateLocale('es'));
    expect([t('nav.findBathroom'), t('nav.addBathroom')]).toEqual(['Encuentra un baño', 'Añade un baño']);
    expect(t('nav.findBathroom')).toBe(t('list.heading'));
    expect(t('nav.addBathroom')).toBe(t('writes.add.title'));
  });

  it('offers a guest Iniciar sesión and Crear cuenta', async () => {
    await renderInSpanish('/about', null);
    fireEvent.click(await screen.findByRole('button', { name: 'Cuenta' }));
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe('/registration');
  });

  it('names every screen in the tab in Spanish, and the app itself on the landing page', async () => {
    await renderInSpanish('/about');
    await waitFor(() => expect(document.title).toBe('Acerca de · allstall'));
    document.title = '';
    await renderInSpanish('/home', null);
    await screen.findByRole('heading', { level: 1, name: 'Pipí en paz.' });
    await waitFor(() => expect(document.title).toBe('allstall · Pipí en paz.'));
    expect(screen.getByRole('link', { name: 'Encuentra un baño' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toBeTruthy();
  });

  it('answers an unknown address with a Spanish 404 and a way back to the list', async () => {
    await renderInSpanish('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: '404: Página no encontrada' });
    expect(screen.getByText('No hay nada en esta dirección.')).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Encuentra un baño' }).getAttribute('href')).toBe('/bathrooms');
    await waitFor(() => expect(document.title).toBe('404: Página no encontrada · allstall'));
  });

  it('switches the shown screen and its tab title from English to Spanish and back without a reload', async () => {
    await renderRoute('/minnedemo', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Scan to pee in peace' });
    await waitFor(() => expect(document.title).toBe('Show QR code · allstall'));

    await act(() => activateLocale('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Escanea y haz pipí en paz' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: `Código QR de ${window.location.origin}/bathrooms` })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Mostrar código QR · allstall'));

    await act(() => activateLocale('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Scan to pee in peace' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Show QR code · allstall'));
  });
});

describe('the about page in Spanish', () => {
  it('reads in Spanish, with the survey’s share formatted the Spanish way and its title kept in English', async () => {
    await renderInSpanish('/about');
    await screen.findByRole('heading', { level: 1, name: '¿Sabías que…?' });
    expect(screen.getByRole('heading', { level: 2, name: 'Qué es allstall' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'De dónde vienen los datos' })).toBeTruthy();
    // Intl's Spanish puts a no-break space before the percent sign.
    expect(screen.getByText(/de las personas trans en Estados Unidos/).textContent).toContain('Casi el 60\u00a0% de las personas trans');
    const cite = screen.getByText('The Report of the 2015 U.S. Transgender Survey');
    expect(cite.tagName).toBe('CITE');
    expect(cite.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Agrega un baño' }).getAttribute('href')).toBe('/addbathroom');
    expect(screen.getByRole('link', { name: 'GeoJSON' }).parentElement?.textContent).toMatch(/^Descarga los datos: GeoJSON, CSV\. Cada baño indica su fuente/);
  });
});
