import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { handleShutdownSignals } from './operations/graceful-shutdown.js';

/*
 * The process entry: read the configuration, build the app, listen, and close cleanly on a signal so
 * in-flight requests finish and the database is closed (operations/graceful-shutdown.ts).
 */

function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`allstall cannot start: ${error.message}\n`);
    process.exit(1);
  }
}

const config = loadConfigOrExit();
const app = buildApp({ config });

handleShutdownSignals(app, { graceMs: config.shutdownGraceMs });

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // Some settings can only be checked as the app starts (the map pack is opened, or fetched, then):
  // they fail in the same words as those loadConfig checks.
  if (error instanceof ConfigError) process.stderr.write(`allstall cannot start: ${error.message}\n`);
  else app.log.error({ err: error }, 'allstall could not start');
  process.exit(1);
}
