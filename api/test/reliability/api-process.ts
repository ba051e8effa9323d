import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SOURCE_CONDITION } from '../../../build/source-condition.mjs';

/** The api package, where `src/server.ts` runs from, as `pnpm dev` runs it. */
const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** The sources through tsx, with the workspace packages resolved to their sources too: no build needed. */
const SERVER_COMMAND = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx', 'src/server.ts'];
/**
 * Loading every TypeScript module through tsx takes seconds on a quiet two-core machine, and over a
 * minute at a load of 20 (seen: the crash test's first start ran out of 60 s); only the health poll waits.
 */
const START_TIMEOUT_MS = 180_000;
const HEALTH_POLL_MS = 25;
/** Enough of the server's output to explain a failed start, without keeping a whole run's logs. */
const OUTPUT_KEPT_CHARS = 20_000;

/** The real api server as a child process: the same command and environment as in production. */
export interface ApiProcess {
  /** Where it listens; the same port after every restart, as behind a supervisor. */
  readonly url: string;
  /** How many times it was killed and started again. */
  readonly restarts: number;
  /** Kills it with SIGKILL (no shutdown code runs), then starts it again and waits until it answers. */
  crashAndRestart(): Promise<void>;
  /** Stops it with SIGTERM, as a deployment would, and waits until it has exited. */
  stop(): Promise<void>;
}

/** Starts `src/server.ts` with `env` on a free loopback port and waits until /api/health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const keepOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, SERVER_COMMAND, {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? API_DIR, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', keepOutput);
    child.stderr?.on('data', keepOutput);
    await untilHealthy(url, child, () => output);
    return child;
  };

  let current = await launch();
  let restarts = 0;
  return {
    url,
    get restarts() {
      return restarts;
    },
    async crashAndRestart() {
      await endProcess(current, 'SIGKILL');
      restarts++;
      current = await launch();
    },
    async stop() {
      await endProcess(current, 'SIGTERM');
    },
  };
}

async function endProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

async function untilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode} while starting:\n${output()}`);
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  child.kill('SIGKILL');
  throw new Error(`the api did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** A port nothing listens on right now, found by letting the system pick one. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port given'))));
    });
  });
}
