import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts bare-json-server.ts in a child process with the bench's own loader (tsx), serving `payloadFile` at /same. */
export async function startBareJsonServer(payloadFile: string): Promise<BareServer> {
  const entry = fileURLToPath(new URL('./bare-json-server.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, entry, payloadFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const [url] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the bare server exited with ${String(code)}`))),
  ])) as [string];
  lines.close();
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
