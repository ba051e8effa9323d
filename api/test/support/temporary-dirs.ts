import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * A maker of empty directories (a DATA_DIR for `loadConfig`, say), each removed after the test that
 * made it. Call it at the top of a test file: it registers that file's cleanup.
 */
export function temporaryDirs(prefix: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
