import { describe, expect, it } from 'vitest';
import { apiErrorMessage, formatEnglish } from './format-message.js';

describe('apiErrorMessage', () => {
  it('puts the values into the English words', () => {
    expect(apiErrorMessage('moderation.alreadyHandledBy', { name: 'Robin' })).toBe('Already handled by Robin.');
    expect(apiErrorMessage('route.notFound', { method: 'GET', path: '/api/nope' })).toBe('Nothing at GET /api/nope.');
  });

  it('says 1 minute and 5 minutes', () => {
    expect(apiErrorMessage('auth.tooManyFailedLogins', { minutes: 1 })).toBe('Too many failed logins. Try again in 1 minute.');
    expect(apiErrorMessage('auth.tooManyFailedLogins', { minutes: 5 })).toBe('Too many failed logins. Try again in 5 minutes.');
    expect(apiErrorMessage('auth.tooManyFailedSignUps', { minutes: 1440 })).toBe('Too many failed sign-ups. Try again in 1,440 minutes.');
  });

  it('names a weekday and a review status from their keys', () => {
    expect(apiErrorMessage('hours.overlap', { day: 'tuesday' })).toBe('The opening times on Tuesday overlap another range.');
    expect(apiErrorMessage('hours.tooManyRanges', { day: 'sunday', max: 4 })).toBe('Sunday has more than 4 opening times.');
    expect(apiErrorMessage('moderation.flagDecided', { status: 'rejected' })).toBe('Already handled: this flag was rejected.');
  });

  it('keeps apostrophes and words without arguments as they are', () => {
    expect(apiErrorMessage('storage.unavailableRead')).toBe("The server can't reach its data right now. Please try again in a minute.");
    expect(apiErrorMessage('sameOrigin.foreignPage')).toBe('Writes are only accepted from this site’s own pages.');
  });

  it('leaves an argument with no value visible rather than dropping it', () => {
    expect(formatEnglish('{field} is required.', {})).toBe('{field} is required.');
    expect(formatEnglish('{x, select, a {A} other {{x}}}', { x: 'zed' })).toBe('zed');
  });
});

describe('the shared validation problems', () => {
  it('carry their code and params beside the English words', async () => {
    const { weeklyHoursProblem } = await import('../validation/hours.js');
    const { passwordIssue, usernameIssue } = await import('../validation/password.js');
    expect(weeklyHoursProblem([{ day: 2, open: 900, close: 900 }])).toEqual({
      field: 'bathroomHours.0.close',
      message: 'The closing time on Tuesday is the same as the opening time. For open all day, use 12am to 12am.',
      code: 'hours.sameOpenClose',
      params: { day: 'tuesday' },
    });
    expect(passwordIssue('a1'.repeat(129))).toEqual({ field: 'password', message: 'Use at most 256 characters.', code: 'password.tooLong', params: { max: 256 } });
    expect(usernameIssue(' ')).toEqual({ field: 'username', message: 'Choose a username.', code: 'username.missing' });
  });
});
