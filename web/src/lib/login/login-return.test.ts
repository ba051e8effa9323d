import { describe, expect, it } from 'vitest';
import { loginReturnState } from './login-return';
import { loginReturnPath, loginReturnTarget, passedReturnState, resumeAfterLogin } from './login-return-target';

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

describe('loginReturnTarget and resumeAfterLogin', () => {
  it('goes back with what to reopen there, which the screen then reads', () => {
    const target = loginReturnTarget(loginReturnState({ pathname: '/bathrooms/abc', search: '', hash: '' }, 'feedback'));
    expect(target).toEqual({ to: '/bathrooms/abc', state: { resume: 'feedback' } });
    expect(resumeAfterLogin(target?.state)).toBe('feedback');
  });

  it('goes back to just the place when nothing was asked for, and never from /registration', () => {
    expect(loginReturnTarget(loginReturnState({ pathname: '/addbathroom', search: '', hash: '' }))).toEqual({ to: '/addbathroom', state: null });
    expect(loginReturnTarget({ from: { pathname: '/registration' }, resume: 'feedback' })).toBeNull();
    expect(resumeAfterLogin(null)).toBeNull();
    // The state on the way to /login is not the one to act on: only the screen came back to.
    expect(resumeAfterLogin(loginReturnState({ pathname: '/x', search: '', hash: '' }, 'feedback'))).toBeNull();
  });

  it('passes a return state along between /login and /registration only when it is a real one', () => {
    const state = loginReturnState({ pathname: '/bathrooms/abc', search: '', hash: '' }, 'feedback');
    expect(passedReturnState(state)).toBe(state);
    expect(passedReturnState({ from: { pathname: '//evil.example' } })).toBeUndefined();
  });
});
