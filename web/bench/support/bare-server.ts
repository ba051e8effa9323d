import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts bare-json-server.ts in a child process with the bench's own loader (tsx), serving `payloadFile` at /same. */
export function startBareJsonServer(payloadFile: string): Promise<BareServer> {
  return startBareServer('./bare-json-server.ts', payloadFile);
}

/** Starts bare-static-server.ts the same way, serving the web build in `webDistDir` (its app page at /bathrooms). */
export function startBareStaticServer(webDistDir: string): Promise<BareServer> {
  return startBareServer('./bare-static-server.ts', webDistDir);
}

/** Runs `script` (beside this file) in a child process, which prints the address it listens on. */
async function startBareServer(script: string, argument: string): Promise<BareServer> {
  const entry = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, entry, argument], { stdio: ['ignore', 'pipe', 'inherit'] });
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
