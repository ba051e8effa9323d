// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * The boundaries of web/src are kept by the workspace's ESLint rules (eslint.config.js). These lint
 * deliberate mistakes, written as if they were the files at the given paths, and expect the rules
 * to name them, so a change to the configuration that stops them biting fails here.
 */

const repoRoot = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: repoRoot });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}web/src/${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

const BOUNDARY = /^import-x\/no-restricted-paths: /;
// Some of these wrong imports also close a loop (the router imports every screen): that is reported too.

describe('the web boundaries ESLint keeps', () => {
  it("reports a feature importing another feature's insides", async () => {
    const found = await problems(
      'features/restrooms-map/restroom-popup.tsx',
      "import { BathroomsPage } from '../restrooms-list/bathrooms-page';\nexport const page = BathroomsPage;\n",
    );
    expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    expect(found.find((problem) => BOUNDARY.test(problem))).toContain('../restrooms-list/bathrooms-page');
  });

  it("lets a feature use another feature's public face", async () => {
    const found = await problems(
      'features/restroom-detail/restroom-actions.tsx',
      "import { FeedbackForRestroom } from '../feedback';\nexport const button = FeedbackForRestroom;\n",
    );
    expect(found).toEqual([]);
  });

  it('reports building blocks importing a feature or the app', async () => {
    const fromLib = await problems('lib/links/maps-links.ts', "import { OutboxStatusBar } from '../../features/outbox';\nexport const bar = OutboxStatusBar;\n");
    const fromComponents = await problems('components/spinner.tsx', "import { routes } from '../app/router';\nexport const all = routes;\n");
    const fromHooks = await problems('hooks/use-now.tsx', "import { AddressSearch } from '../features/address-search';\nexport const search = AddressSearch;\n");
    for (const found of [fromLib, fromComponents, fromHooks]) {
      expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    }
  });

  it('sees through the @/ alias to the real path', async () => {
    // ESLint's resolver maps `@/` to web/src as tsconfig.json does, so a fence holds whichever way an import is written.
    const fromLib = await problems('lib/links/maps-links.ts', "import { OutboxStatusBar } from '@/features/outbox';\nexport const bar = OutboxStatusBar;\n");
    const fromFeature = await problems('features/restrooms-map/restroom-popup.tsx', "import { BathroomsPage } from '@/features/restrooms-list/bathrooms-page';\nexport const page = BathroomsPage;\n");
    for (const found of [fromLib, fromFeature]) {
      expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    }
    expect(await problems('features/restroom-detail/restroom-actions.tsx', "import { FeedbackForRestroom } from '@/features/feedback';\nexport const button = FeedbackForRestroom;\n")).toEqual([]);
  });

  it('reports a feature importing the app', async () => {
    const found = await problems('features/about/about-page.tsx', "import { routes } from '../../app/router';\nexport const all = routes;\n");
    expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
  });

  it('reports the service worker importing anything but lib/', async () => {
    const found = await problems('sw/outbox-sync.ts', "import { Spinner } from '../components/spinner';\nexport const spinner = Spinner;\n");
    expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    expect(await problems('sw/outbox-sync.ts', "import { createDb } from '../lib/db/db';\nexport const db = createDb;\n")).toEqual([]);
  });

  it('reports an import cycle', async () => {
    // restroom-card.tsx imports lib/links/app-paths.ts: the other way round closes a loop.
    const found = await problems(
      'lib/links/app-paths.ts',
      "import { RestroomCard } from '../../components/restroom-card';\nexport const card = RestroomCard;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^import-x\/no-cycle: /);
  });

  it('reports a cycle between features through their public faces', async () => {
    // The outbox's waiting section opens the feedback dialog to edit a waiting comment.
    const found = await problems('features/feedback/feedback-dialog.tsx', "import { WaitingSection } from '../outbox';\nexport const section = WaitingSection;\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^import-x\/no-cycle: /);
  });
});
