import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from './stored-settings';

const asNumber = (value: unknown) => (typeof value === 'number' ? value : null);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('readStored and writeStored', () => {
  it('read back what was written, in the storage it was written to', () => {
    writeStored('local', 'answer', 1, 42);
    expect(readStored('local', 'answer', 1, asNumber)).toBe(42);
    expect(readStored('session', 'answer', 1, asNumber)).toBeNull();
  });

  it('ignore another version, a value the parser refuses, and text that is not JSON', () => {
    writeStored('local', 'answer', 1, 42);
    expect(readStored('local', 'answer', 2, asNumber)).toBeNull();
    writeStored('local', 'answer', 1, 'forty-two');
    expect(readStored('local', 'answer', 1, asNumber)).toBeNull();
    localStorage.setItem('allstall:answer', '{oops');
    expect(readStored('local', 'answer', 1, asNumber)).toBeNull();
  });

  it('forget the key when given null', () => {
    writeStored('session', 'answer', 1, 42);
    writeStored('session', 'answer', 1, null);
    expect(readStored('session', 'answer', 1, asNumber)).toBeNull();
  });

  it('carry on when the browser refuses to store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeStored('local', 'answer', 1, 42)).not.toThrow();
    expect(readStored('local', 'answer', 1, asNumber)).toBeNull();
  });
});
