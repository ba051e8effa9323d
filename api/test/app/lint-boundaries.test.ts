import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/*
 * The api's layers are kept by the workspace's ESLint rules (API_BOUNDARIES in eslint.config.js,
 * docs/map.md#the-apis-layers). These lint deliberate mistakes, written as if they were the files at
 * the given paths, and expect the rules to name them, so a change to the configuration that stops
 * them biting fails here.
 */

const repoRoot = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: repoRoot });

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}api/src/${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

const BOUNDARY = /^import-x\/no-restricted-paths: /;

describe('the api layers ESLint keeps', () => {
  it('reports a repository importing a route', async () => {
    const found = await problems('repositories/votes.ts', "import { feedbackRoutes } from '../routes/feedback.js';\nexport const routes = feedbackRoutes;\n");
    expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    expect(found.find((problem) => BOUNDARY.test(problem))).toContain('../routes/feedback.js');
  });

  it('reports a service importing a plugin or http/', async () => {
    const fromPlugin = await problems('services/leave-feedback.ts', "import { sessionPlugin } from '../plugins/session.js';\nexport const plugin = sessionPlugin;\n");
    const fromHttp = await problems('services/delete-comment.ts', "import { idempotentWrite } from '../http/idempotent-write.js';\nexport const write = idempotentWrite;\n");
    for (const found of [fromPlugin, fromHttp]) {
      expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    }
  });

  it('reports http/ importing a plugin, and a plugin importing a route', async () => {
    const fromHttp = await problems('http/access.ts', "import { sessionPlugin } from '../plugins/session.js';\nexport const plugin = sessionPlugin;\n");
    const fromPlugin = await problems('plugins/map-pack.ts', "import { mapPackRoutes } from '../routes/map-pack.js';\nexport const routes = mapPackRoutes;\n");
    for (const found of [fromHttp, fromPlugin]) {
      expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    }
  });

  it('reports the machinery below the services, or the base, importing upward', async () => {
    const fromCache = await problems('snapshots/snapshot-cache.ts', "import { pullChanges } from '../services/pull-changes.js';\nexport const pull = pullChanges;\n");
    const fromGeocoding = await problems('geocoding/upstream.ts', "import { apiError } from '../http/http-errors.js';\nexport const error = apiError;\n");
    const fromConfig = await problems('config.ts', "import { logIn } from './services/log-in.js';\nexport const check = logIn;\n");
    const fromDb = await problems('db/connect.ts', "import { findUserById } from '../repositories/users.js';\nexport const find = findUserById;\n");
    for (const found of [fromCache, fromGeocoding, fromConfig, fromDb]) {
      expect(found).toContainEqual(expect.stringMatching(BOUNDARY));
    }
  });

  it('lets a layer import the layers below it', async () => {
    const fromRoute = await problems('routes/feedback.ts', "import { leaveFeedback } from '../services/leave-feedback.js';\nexport const leave = leaveFeedback;\n");
    const fromService = await problems('services/leave-feedback.ts', "import { HttpError } from '../errors/http-error.js';\nexport const failure = HttpError;\n");
    expect(fromRoute).toEqual([]);
    expect(fromService).toEqual([]);
  });

  it('reports an import cycle', async () => {
    // repositories/comments.ts imports repositories/convert.ts: the other way round closes a loop
    // inside one layer, where the fences say nothing.
    const found = await problems('repositories/convert.ts', "import { selectComments } from './comments.js';\nexport const comments = selectComments;\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^import-x\/no-cycle: /);
  });
});
