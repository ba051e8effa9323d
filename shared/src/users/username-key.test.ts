import { describe, expect, it } from 'vitest';
import { usernameKey } from './username-key.js';

describe('usernameKey', () => {
  it('folds case, width and stray spaces', () => {
    expect(usernameKey('  Sam ')).toBe(usernameKey('sam'));
    expect(usernameKey('ＳＡＭ')).toBe(usernameKey('sam'));
  });

  it('folds letters from other scripts that look like Latin ones (UTS #39 skeleton)', () => {
    // Cyrillic а (U+0430), р (U+0440), Ѕ (U+0405); Greek Ο (U+039F).
    expect(usernameKey('\u0430dmin')).toBe(usernameKey('admin'));
    expect(usernameKey('\u0440\u0430ypal')).toBe(usernameKey('paypal'));
    expect(usernameKey('\u0405am')).toBe(usernameKey('Sam'));
    expect(usernameKey('R\u039FBIN')).toBe(usernameKey('robin'));
    expect(usernameKey('\u039F\u039C\u0391R')).toBe(usernameKey('omar'));
  });

  it('folds sequences that read as one letter, and digits that read as letters', () => {
    expect(usernameKey('rnorgan')).toBe(usernameKey('morgan'));
    expect(usernameKey('pay1al')).toBe(usernameKey('paylal'));
    expect(usernameKey('b0b')).toBe(usernameKey('BOB'));
  });

  it('folds case before look-alikes, so a capital I is still an i', () => {
    expect(usernameKey('Iris')).toBe(usernameKey('iris'));
    expect(usernameKey('Eli')).not.toBe(usernameKey('Ell'));
  });

  it('keeps names apart that do not look alike', () => {
    const names = ['sam', 'pam', 'sam2', 'sám', 'José', 'jose2', 'Ж', 'マリ', 'river sam', 'riversam', 'Sasha', 'Саша'];
    expect(new Set(names.map(usernameKey)).size).toBe(names.length);
  });

  it('treats a decomposed accent like the composed letter', () => {
    expect(usernameKey('Jose\u0301')).toBe(usernameKey('José'));
  });
});
