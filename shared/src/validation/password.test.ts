import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from '../api-errors/format-message.js';
import { passwordProblem, usernameCaseFold, usernameDisplay, usernameProblem } from './password.js';

describe('passwordProblem', () => {
  it('accepts 15 characters of anything, or 8 with a number and a lowercase letter', () => {
    expect(passwordProblem('correct horse battery')).toBeNull();
    expect(passwordProblem('AAAAAAAAAAAAAAB')).toBeNull();
    expect(passwordProblem('tulip7ax')).toBeNull();
  });

  it('refuses short passwords and 8-14 character ones missing a number or lowercase letter', () => {
    const ruleText = apiErrorMessage('password.tooShort');
    expect(passwordProblem('abc12')).toBe(ruleText);
    expect(passwordProblem('tulipsxyz')).toBe(ruleText);
    expect(passwordProblem('TULIP7AXQ')).toBe(ruleText);
    expect(passwordProblem('')).toBe(ruleText);
  });

  it('refuses more than 256 characters', () => {
    expect(passwordProblem('a1'.repeat(129))).toMatch(/at most 256/);
    expect(passwordProblem('a1'.repeat(128))).toBeNull();
  });

  it('refuses common passwords whatever their case, and the username itself', () => {
    expect(passwordProblem('Password123')).toMatch(/too common/);
    expect(passwordProblem('qwerty123')).toMatch(/too common/);
    expect(passwordProblem('river2stone', 'River2Stone')).toMatch(/username/);
  });
});

describe('usernames', () => {
  it('compare case- and space-insensitively', () => {
    expect(usernameCaseFold('  Sam ')).toBe('sam');
    expect(usernameCaseFold('ＳＡＭ')).toBe('sam');
  });

  it('are stored as typed, less stray spaces and look-alike forms', () => {
    expect(usernameDisplay('  River Sam ')).toBe('River Sam');
    expect(usernameDisplay('ＳＡＭ')).toBe('SAM');
  });

  it('must have a visible name of at most 64 characters', () => {
    expect(usernameProblem('   ')).toMatch(/Choose a username/);
    expect(usernameProblem('x'.repeat(65))).toMatch(/at most 64/);
    expect(usernameProblem('sam\u200b')).toMatch(/ordinary/);
    expect(usernameProblem('River Sam')).toBeNull();
  });
});
