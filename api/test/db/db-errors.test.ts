import { describe, expect, it } from 'vitest';
import { storageRetryAfterSeconds } from '../../src/db/errors.js';

const failure = (code: unknown) => Object.assign(new Error('database said no'), { code });

describe('storageRetryAfterSeconds', () => {
  it('asks for a short wait after contention, which passes on its own', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', '53300', '55P03', '40001', '40P01']) {
      expect(storageRetryAfterSeconds(failure(code)), code).toBe(5);
    }
  });

  it('asks for a longer wait when storage is full, read-only or unreachable', () => {
    const outages = ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN'];
    for (const code of [...outages, '53100', '25006', '57P03', '08006', 'ECONNREFUSED']) {
      expect(storageRetryAfterSeconds(failure(code)), code).toBe(30);
    }
  });

  it('leaves every other error alone: those are bugs, not outages', () => {
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', '23505', '42P01', 42, undefined]) {
      expect(storageRetryAfterSeconds(failure(code)), String(code)).toBeNull();
    }
    expect(storageRetryAfterSeconds(new Error('no code'))).toBeNull();
    expect(storageRetryAfterSeconds('not an error')).toBeNull();
  });
});
