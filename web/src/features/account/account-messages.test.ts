import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '@/lib/api/api-client';
import { loginErrorMessage, registrationErrorMessage } from './account-messages';

describe('loginErrorMessage', () => {
  it('says the credentials did not match on 401', () => {
    expect(loginErrorMessage(new HttpError(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }))).toBe(
      "Oops! The username and password didn't match. Try again!",
    );
  });

  it('says how long to wait after too many failed attempts, for logins and sign-ups', () => {
    const error = new HttpError(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many failed logins. Try again in 15 minutes.' });
    expect(loginErrorMessage(error)).toBe('Too many failed logins. Try again in 15 minutes.');
    const signUps = new HttpError(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many failed sign-ups. Try again in 60 minutes.' });
    expect(registrationErrorMessage(signUps)).toBe('Too many failed sign-ups. Try again in 60 minutes.');
  });

  it('blames the server for anything else', () => {
    for (const error of [new HttpError(500, null), new HttpError(429, null), new NetworkError(new TypeError()), new Error()]) {
      expect(loginErrorMessage(error)).toBe('Oops! Something went wrong! Is the server running?');
    }
  });
});

describe('registrationErrorMessage', () => {
  it("shows the server's reason for a 400 (the password policy)", () => {
    const error = new HttpError(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'That password is too common. Choose another.',
      field: 'password',
    });
    expect(registrationErrorMessage(error)).toBe('That password is too common. Choose another.');
  });

  it('suggests the name is taken for other refusals', () => {
    expect(registrationErrorMessage(new HttpError(409, null))).toBe(
      "Oops! That didn't work. The username might already be taken. Try again!",
    );
    expect(registrationErrorMessage(new HttpError(400, null))).toBe(
      "Oops! That didn't work. The username might already be taken. Try again!",
    );
  });

  it('says the server could not be reached when there was no answer', () => {
    expect(registrationErrorMessage(new NetworkError(new TypeError()))).toBe(
      'Oops! Something went wrong! Is the server running?',
    );
  });
});
