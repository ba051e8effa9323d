import { describe, expect, it } from 'vitest';
import { loginReturnPath, loginReturnState } from './login-return';

describe('loginReturnPath', () => {
  it('returns to the place the state names', () => {
    const state = loginReturnState({ pathname: '/bathrooms/abc', search: '?x=1', hash: '#comments' });
    expect(loginReturnPath(state)).toBe('/bathrooms/abc?x=1#comments');
  });

  it('refuses anything that is not a plain in-app path', () => {
    for (const state of [null, undefined, 'x', {}, { from: null }, { from: { pathname: 5 } }, { from: { pathname: '//evil.example' } }, { from: { pathname: 'https://evil.example' } }, { from: { pathname: '/login' } }]) {
      expect(loginReturnPath(state)).toBeNull();
    }
  });
});
