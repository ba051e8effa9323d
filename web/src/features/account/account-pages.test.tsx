import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@allstall/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { HttpError } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

afterEach(() => activateLocale('en'));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('logging in and registering, in Spanish', () => {
  it('labels the login form in Spanish and says a mismatch in Spanish, again after switching back to English', async () => {
    await act(() => activateLocale('es'));
    const api = fakeApiClient({
      login: () => Promise.reject(new HttpError(401, { statusCode: 401, error: 'Unauthorized', message: 'Wrong username or password.' })),
    });
    await renderRoute('/login', { services: testServices(api) });
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(screen.getByRole('link', { name: 'Crear cuenta' }).closest('p')?.textContent).toBe('¿Aún no tienes cuenta? Crear cuenta');

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe('¡Escribe tu nombre de usuario y tu contraseña!');

    type('Nombre de usuario', 'river');
    type('Contraseña', 'not-it-at-all');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('¡Uy! El nombre de usuario y la contraseña no coinciden. ¡Inténtalo de nuevo!')).toBeTruthy();

    // The message on screen follows a change of language.
    await act(() => activateLocale('en'));
    expect(await screen.findByText("Oops! The username and password didn't match. Try again!")).toBeTruthy();
  });

  it('states the password rule in Spanish and refuses a short password with it before sending', async () => {
    await act(() => activateLocale('es'));
    await renderRoute('/registration', { services: testServices() });
    await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' });
    const rule = 'Usa al menos 15 caracteres, o al menos 8 con un número y una letra minúscula.';
    expect(screen.getByText(rule).id).toBe(screen.getByLabelText('Contraseña').getAttribute('aria-describedby'));
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).closest('p')?.textContent).toBe('¿Ya tienes cuenta? Iniciar sesión');

    type('Nombre de usuario', 'river');
    type('Contraseña', 'short1a');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await screen.findByRole('alert')).textContent).toBe(rule);
  });
});

describe('the password rule on the registration page', () => {
  it('states under the field the rule the server refuses with, and refuses a short password with it before sending', async () => {
    await renderRoute('/registration', { services: testServices() });
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    // The server's words for a password it refuses as too short: the hint must be the rule it applies.
    const rule = apiErrorMessage('password.tooShort');
    expect(rule).toBe('Use at least 15 characters, or at least 8 with a number and a lowercase letter.');
    expect(screen.getByText(rule).id).toBe(screen.getByLabelText('Password').getAttribute('aria-describedby'));

    type('Username', 'river');
    type('Password', 'short1a');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe(rule);
  });
});
