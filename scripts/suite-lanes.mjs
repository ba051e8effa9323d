// How scripts/run-suites.mjs orders its jobs and how many it runs at once.

/**
 * Seconds each job took in CI on 2026-11-28 (two loaded cores), rounded. Only the order they give
 * matters: the longest go first, so that no lane is left with a long job while the other is idle.
 * A job not named here (a new end-to-end file) counts as a short one.
 */
const SECONDS_IN_CI = {
  'api suite on PostgreSQL': 805,
  'web unit suite': 490,
  'api unit suite (SQLite)': 420,
  'e2e/every-screen-axe.e2e.ts': 212,
  'e2e/accessibility.e2e.ts': 83,
  'e2e/admin-layout.e2e.ts': 80,
  'e2e/first-screen.e2e.ts': 60,
  'e2e/first-sync-country.e2e.ts': 59,
  'e2e/moderation.e2e.ts': 51,
  'e2e/outbox.e2e.ts': 50,
  'e2e/free-and-public-filters.e2e.ts': 48,
  'e2e/map-pack.e2e.ts': 45,
  'e2e/share-and-shortcuts.e2e.ts': 45,
  'e2e/find-and-add.e2e.ts': 44,
  'e2e/known-and-unknown.e2e.ts': 41,
  'e2e/inert-markup.e2e.ts': 38,
  'e2e/offline-first-view.e2e.ts': 32,
  'e2e/readable-rows.e2e.ts': 32,
  'e2e/list-rows.e2e.ts': 29,
};
const SHORT_JOB_SECONDS = 20;

export function expectedSeconds(name) {
  return SECONDS_IN_CI[name] ?? SHORT_JOB_SECONDS;
}

/** The jobs longest first (ties keep their order): with every lane taking the next when free, the lanes end close together. */
export function takeLongestFirst(jobs, seconds) {
  return jobs.map((job, index) => ({ job, index, seconds: seconds(job) })).sort((a, b) => b.seconds - a.seconds || a.index - b.index).map(({ job }) => job);
}

/** Two lanes (CI's two cores), or ALLSTALL_TEST_LANES when it is a whole number from 1. */
export function laneCount(setting) {
  if (setting === undefined || setting === '') return 2;
  const lanes = Number(setting);
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`ALLSTALL_TEST_LANES=${setting}: expected a whole number from 1`);
  return lanes;
}
