#!/usr/bin/env node
// The suites of `npm test` after lint and typecheck, in lanes. The scripts' and shared's own tests
// come first, alone (seconds, and every package builds on shared). Then the api suite on SQLite, the
// web unit suite, the api suite on PostgreSQL and each end-to-end file are jobs, taken longest first
// by as many lanes as there are (two: CI has two cores). Run as two fixed pairs, the end-to-end
// files alone took 22 of CI's 32 minutes while the PostgreSQL run beside them was done after 13;
// as jobs, a lane that is free takes the next end-to-end file.
//
// Each job's output is kept apart and printed whole when it ends, so lines never interleave; a line
// says when each starts and ends, and a table of every job's time closes the run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedSeconds, laneCount, takeLongestFirst } from './suite-lanes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpm = ['npx', '-y', 'pnpm@10'];
const startedAt = Date.now();

const clock = () => {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

function run(command, args, cwd, { quiet }) {
  return new Promise((resolve) => {
    // Its own process group, so that an interrupted run can end the job with everything it started.
    const child = spawn(command, args, { cwd, detached: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ status: code ?? (signal ? 128 : 1), output: Buffer.concat(output).toString('utf8') });
    });
  });
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

async function first(name, command, args, cwd) {
  console.log(`[${clock()}] ${name}`);
  const { status } = await run(command, args, cwd, { quiet: false });
  if (status !== 0) {
    console.error(`${name} failed (exit ${status})`);
    process.exit(1);
  }
}

await first('the scripts\' own tests', 'node', ['--test', 'scripts/'], root);
await first('shared unit suite', pnpm[0], [...pnpm.slice(1), '--filter', '@allstall/shared', 'test'], root);

const hasPostgres =
  Boolean(process.env.TEST_DATABASE_URL) || readdirSafe('/usr/lib/postgresql').some((version) => readdirSafe(`/usr/lib/postgresql/${version}/bin`).includes('postgres'));

const jobs = [
  { name: 'api unit suite (SQLite)', command: pnpm[0], args: [...pnpm.slice(1), '--filter', '@allstall/api', 'test'], cwd: root },
  { name: 'web unit suite', command: pnpm[0], args: [...pnpm.slice(1), '--filter', '@allstall/web', 'test'], cwd: root },
  ...(hasPostgres ? [{ name: 'api suite on PostgreSQL', command: 'bash', args: ['scripts/test-postgres.sh'], cwd: root }] : []),
  ...readdirSync(path.join(root, 'web/e2e'))
    .filter((file) => file.endsWith('.e2e.ts'))
    .map((file) => ({ name: `e2e/${file}`, command: 'node', args: ['--test', '--import', 'tsx', `e2e/${file}`], cwd: path.join(root, 'web') })),
];
if (!hasPostgres) {
  console.log("PostgreSQL is not installed (apt-get install postgresql) and TEST_DATABASE_URL is not set: skipping the api suite's PostgreSQL run");
}

const lanes = laneCount(process.env.ALLSTALL_TEST_LANES);
const queue = takeLongestFirst(jobs, (job) => expectedSeconds(job.name));
console.log(`[${clock()}] ${jobs.length} jobs in ${lanes} lanes, longest expected first`);

const finished = [];
async function lane() {
  for (let job = queue.shift(); job; job = queue.shift()) {
    console.log(`[${clock()}] start ${job.name}`);
    const began = Date.now();
    const { status, output } = await run(job.command, job.args, job.cwd, { quiet: true });
    const seconds = (Date.now() - began) / 1000;
    finished.push({ name: job.name, status, seconds });
    console.log(`---- [${clock()}] ${job.name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds.toFixed(0)} s ----`);
    process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
}
await Promise.all(Array.from({ length: lanes }, lane));

console.log(`\n[${clock()}] every job, longest first:`);
for (const { name, status, seconds } of finished.toSorted((a, b) => b.seconds - a.seconds)) {
  console.log(`${seconds.toFixed(0).padStart(6)} s  ${status === 0 ? 'passed' : 'FAILED'}  ${name}`);
}
const failed = finished.filter(({ status }) => status !== 0);
for (const { name, status } of failed) console.error(`${name} failed (exit ${status})`);
process.exit(failed.length === 0 ? 0 : 1);

function readdirSafe(directory) {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}
