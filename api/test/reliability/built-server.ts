import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * The built server (`node api/dist/server.js`, what `pnpm start` runs) as a child process the test
 * sends signals to, for the shutdown tests: the signal handling in the build is what a deployment
 * gets. Build the api first (`npx pnpm@10 --filter @allstall/api build`).
 */

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
/** A ceiling for a hang on a busy machine, not a speed budget: only the health poll waits. */
const START_TIMEOUT_MS = 120_000;
const HEALTH_POLL_MS = 25;
const OUTPUT_KEPT_CHARS = 200_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface BuiltServer {
  readonly url: string;
  /** Resolves when the process has exited, with how. */
  readonly exited: Promise<Exit>;
  /** What it wrote to stdout and stderr (the last 200,000 characters). */
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Starts the built server with `env` on `port` of 127.0.0.1 and waits until /api/health answers. */
export async function startBuiltServer(env: Record<string, string>, port: number): Promise<BuiltServer> {
  if (!existsSync(SERVER_SCRIPT)) throw new Error(`${SERVER_SCRIPT} is missing: build the api first (npx pnpm@10 --filter @allstall/api build)`);
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? API_DIR, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (hasExited) throw new Error(`the server exited while starting:\n${output}`);
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return {
    url,
    exited,
    output: () => output,
    kill: (signal) => {
      if (!hasExited) child.kill(signal);
    },
  };
}
