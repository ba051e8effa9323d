import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorMessage, weeklyHoursProblem } from '@allstall/shared';
import { activateLocale } from './i18n';
import { serverMessage } from './server-message';

afterEach(async () => {
  await activateLocale('en');
});

const tooManyLogins = (minutes: number) => ({
  message: apiErrorMessage('auth.tooManyFailedLogins', { minutes }),
  code: 'auth.tooManyFailedLogins',
  params: { minutes },
});

describe('serverMessage', () => {
  it('says a refusal with values in Spanish, plural included', async () => {
    await activateLocale('es');
    expect(serverMessage(tooManyLogins(1))).toBe('Demasiados intentos fallidos de iniciar sesión. Vuelve a intentarlo en 1 minuto.');
    expect(serverMessage(tooManyLogins(15))).toBe('Demasiados intentos fallidos de iniciar sesión. Vuelve a intentarlo en 15 minutos.');
    expect(serverMessage({ message: 'Already handled by Robin.', code: 'moderation.alreadyHandledBy', params: { name: 'Robin' } })).toBe(
      'Ya lo resolvió Robin.',
    );
  });

  it('says a shared validation problem in Spanish, the weekday too', async () => {
    await activateLocale('es');
    const problem = weeklyHoursProblem([{ day: 3, open: 900, close: 900 }]);
    expect(problem).not.toBeNull();
    expect(serverMessage(problem!)).toBe(
      'La hora de cierre del miércoles es igual a la de apertura. Para abierto todo el día, usa de 12 a. m. a 12 a. m.',
    );
  });

  it('falls back to the English message for a code this app does not know, or none', async () => {
    await activateLocale('es');
    expect(serverMessage({ message: 'Something new went wrong.', code: 'brandNew.failure' })).toBe('Something new went wrong.');
    expect(serverMessage({ message: 'An older server said this.' })).toBe('An older server said this.');
  });

  it('in English shows the words the server sent, a library’s exact sentence included', () => {
    expect(serverMessage({ message: 'lat must be <= 90.', code: 'validation.invalid', params: { field: 'lat' } })).toBe('lat must be <= 90.');
    expect(serverMessage(tooManyLogins(5))).toBe('Too many failed logins. Try again in 5 minutes.');
  });
});
