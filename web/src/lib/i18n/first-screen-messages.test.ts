// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstScreenMessageIds } from '../../../build-tools/first-screen-messages';

function sourceTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'first-screen-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const KNOWN = new Set(['shell.title', 'bar.status', 'profile.waiting', 'about.heading', 'server.a', 'server.b', 'types.only', 'other.x']);

describe('the first screen’s messages', () => {
  const root = sourceTree({
    'main.tsx': "import { Shell } from './shell';\nimport type { T } from './types';\nconst about = () => import('./about');\nt('shell.title');\n",
    // A package's import on the line before a feature's: the feature's names must still be followed.
    'shell.tsx': "import { useState } from 'react';\nimport { StatusBar } from './outbox';\nimport { say } from './server-words';\nexport const Shell = () => t('shell.title');\n",
    'outbox/index.ts': "// The outbox's public face.\nexport { StatusBar } from './status-bar';\nexport { WaitingSection } from './waiting';\n",
    'outbox/status-bar.tsx': "export const StatusBar = () => t(\"bar.status\");\n",
    'outbox/waiting.tsx': "export const WaitingSection = () => t('profile.waiting');\n",
    'server-words.ts': 'export const say = (code: string) => t(`server.${code}`);\n',
    'types.ts': "export type T = 'types.only';\n",
    'about.tsx': "export const About = () => t('about.heading');\n",
  });
  const found = firstScreenMessageIds(join(root, 'main.tsx'), KNOWN);

  it('has the ids written in modules the entry imports, through a feature’s public face', () => {
    expect(found).toContain('shell.title');
    expect(found).toContain('bar.status');
  });

  it('counts every id a template such as `server.${code}` can make', () => {
    expect(found).toContain('server.a');
    expect(found).toContain('server.b');
  });

  it('leaves out lazily imported screens, what a public face exports but is not taken, and type-only imports', () => {
    expect(found).not.toContain('about.heading');
    expect(found).not.toContain('profile.waiting');
    expect(found).not.toContain('types.only');
    expect(found).not.toContain('other.x');
  });
});

describe('the app’s first screen', () => {
  it('carries the search field’s words, which /bathrooms shows at once (Lingui warned of them uncompiled, issue 26)', () => {
    const entry = new URL('../../main.tsx', import.meta.url).pathname;
    const found = firstScreenMessageIds(entry, new Set(['search.label', 'search.suggestions', 'search.clear']));
    expect([...found].sort()).toEqual(['search.clear', 'search.label', 'search.suggestions']);
  });

  it('carries the top bar’s words, and leaves the drawer’s (fetched beside the first screen) to the next part', () => {
    const entry = new URL('../../main.tsx', import.meta.url).pathname;
    const found = firstScreenMessageIds(entry, new Set(['nav.menu', 'list.heading', 'settings.language', 'nav.findBathroom']));
    expect([...found].sort()).toEqual(['list.heading', 'nav.menu']);
  });
});
