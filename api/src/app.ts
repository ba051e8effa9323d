import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import { constants as zlibConstants } from 'node:zlib';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { ApiErrorCode } from '@allstall/shared';
import type { AppConfig } from './config.js';
import { BODY_LIMITS } from './http/body-limits.js';
import { isDatabaseError, storageRetryAfterSeconds } from './db/errors.js';
import { apiError, apiErrorOf, storageUnavailableCode } from './http/http-errors.js';
import { HttpError } from './errors/http-error.js';
import { dbPlugin } from './plugins/db.js';
import { importRunnerPlugin } from './plugins/import-runner.js';
import { mapPackPlugin } from './plugins/map-pack.js';
import { mapPackRoutes } from './routes/map-pack.js';
import { metricsPlugin } from './plugins/metrics.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { requestTurnsPlugin } from './plugins/request-turns.js';
import { retentionPlugin } from './plugins/retention.js';
import { sameOriginWritesPlugin } from './plugins/same-origin-writes.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { syncSnapshotsPlugin } from './plugins/sync-snapshots.js';
import { sendSpaIndex, wantsSpaFallback, webAppIsBuilt, webAppPlugin } from './plugins/web-app.js';
import { adminToolRoutes } from './routes/admin-tools.js';
import { accountRoutes } from './routes/account.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { bathroomRoutes } from './routes/bathrooms.js';
import { confirmationRoutes } from './routes/confirmations.js';
import { commentRoutes } from './routes/comments.js';
import { contactRoutes } from './routes/contact.js';
import { exportRoutes } from './routes/export.js';
import { feedbackRoutes } from './routes/feedback.js';
import { flagRoutes } from './routes/flags.js';
import { importRoutes } from './routes/imports.js';
import { importRunRoutes } from './routes/import-runs.js';
import { placesRoutes } from './routes/places.js';
import { restroomModerationRoutes } from './routes/restroom-moderation.js';
import { syncRoutes } from './routes/sync.js';
import { syncPiecesRoutes } from './routes/sync-pieces.js';
import { syncSnapshotRoutes } from './routes/sync-snapshot.js';
import { systemRoutes } from './routes/system.js';
import { secondFactorRoutes } from './routes/second-factor.js';
import { userRoutes } from './routes/user.js';
import { composeTextIn, describeValidationError, typeboxValidatorCompiler, unstorableTextError, unstorableTextIn } from './http/validation.js';

/** What `buildApp` needs; production and tests pass the same shape. */
export interface BuildAppOptions {
  config: AppConfig;
  /** Where the one-time generated admin password is printed; stdout by default. */
  announce?: (message: string) => void;
  /** Overrides `config.snapshotMaxAgeMs` (SNAPSHOT_MAX_AGE_SECONDS): how long a first-sync snapshot stays fresh. */
  snapshotMaxAgeMs?: number;
  /** For tests: each first-sync snapshot build's worker stops mid-read until the function it is given is called. */
  holdSnapshotBuild?: (release: () => void) => void;
  /** Overrides how long the archive at MAP_PACK_URL has to answer at start (MAP_PACK_URL_TIMEOUT_MS). */
  mapPackUrlTimeoutMs?: number;
  /** How long after start the first retention sweep runs (a minute); tests make it sooner. */
  retentionFirstSweepMs?: number;
  /** Where log lines (one JSON text each) are written; stdout by default. Tests read the log through it. */
  logStream?: { write: (line: string) => void };
}

/**
 * Builds the whole server: every Fastify option, plugin and route. Both `server.ts` and the tests
 * call this, so tests exercise exactly what runs in production. The database is opened, migrated
 * and seeded when the app becomes ready (on `ready()`, `listen()` or the first `inject()`).
 */
export function buildApp({
  config,
  announce = (message) => process.stdout.write(`${message}\n`),
  snapshotMaxAgeMs = config.snapshotMaxAgeMs,
  holdSnapshotBuild,
  mapPackUrlTimeoutMs,
  retentionFirstSweepMs,
  logStream,
}: BuildAppOptions) {
  const fastify = Fastify({
    logger: {
      level: config.logLevel,
      // Nothing logs these (plugins/request-log.ts writes the one line per request); should a
      // request or an answer ever be logged whole, its cookie, password and credentials stay out.
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password', '*.password', '*.current_password', '*.new_password', '*.recovery_code', '*.secret'], censor: '[redacted]' },
      ...(logStream === undefined ? {} : { stream: logStream }),
    },
    // One line per request instead of Fastify's two, without the query string (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Routes with larger or smaller bodies (imports, logins) set their own.
    bodyLimit: BODY_LIMITS.write,
    // While shutting down, a request that still arrives on an open keep-alive connection is served
    // (with `Connection: close`) rather than refused with a 503 that a device would have to retry:
    // the database stays open until the last one is answered (operations/graceful-shutdown.ts).
    return503OnClosing: false,
  });
  useStrictJsonBodies(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(typeboxValidatorCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const { code, ...details } = describeValidationError(error.validation, error.validationContext ?? 'request');
      return reply.code(400).send(apiError(400, code, details));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(apiErrorOf(error));
    }
    // Fastify's own client errors (bad JSON, body too large, ...) carry a 4xx and a usable message.
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send(apiError(statusCode, fastifyClientErrorCode(error), { message: error.message }));
    }
    // A full disk, a read-only or unreachable database: an outage to wait out, not a bug.
    const retryAfterSeconds = storageRetryAfterSeconds(error);
    if (isDatabaseError(error)) app.metrics.databaseErrors.inc({ kind: retryAfterSeconds === null ? 'other' : 'unavailable' });
    if (retryAfterSeconds !== null) {
      request.log.error({ err: error }, 'the database cannot take this request now');
      reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(503).send(apiError(503, storageUnavailableCode(request.method)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError(500, 'server.internal'));
  });

  const serveWebApp = webAppIsBuilt(config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (serveWebApp && wantsSpaFallback(request)) return sendSpaIndex(reply);
    const path = request.url.split('?', 1)[0] ?? request.url;
    return reply.code(404).send(apiError(404, 'route.notFound', { params: { method: request.method, path } }));
  });

  // Before everything: a request waits for its turn before any hook of ours runs, so the loop goes
  // round (and accepts the next connection) between turns of a bounded size (plugins/request-turns.ts).
  app.register(requestTurnsPlugin);
  // Then, so every route (static files and the map pack included) is counted and logged.
  app.register(metricsPlugin, { config });
  app.register(requestLogPlugin, { config });
  app.register(fastifySwagger, {
    openapi: {
      info: { title: 'allstall API', version: '0.1.0', description: 'Restrooms for everyone: the offline-first API.' },
    },
  });
  // The first sync is ~400 KB of JSON and the app shell ~600 KB of scripts: compressed, a phone on one
  // bar of signal gets them about five times sooner. Brotli at quality 5 makes a 1,000-row feed page
  // about 8% smaller than gzip -9 or quality 4 do (what keeps a 100,000-restroom first sync under
  // 8 MB, docs/performance.md) in about 12 ms, where its default 11 takes a second: answers are
  // compressed per request.
  app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  app.register(securityHeadersPlugin, { config });
  app.register(sameOriginWritesPlugin);
  // Before the database: a pack that cannot be offered stops the start before any migration runs.
  app.register(mapPackPlugin, { config, ...(mapPackUrlTimeoutMs === undefined ? {} : { urlTimeoutMs: mapPackUrlTimeoutMs }) });
  app.register(mapPackRoutes);
  app.register(dbPlugin, { config, announce });
  app.register(importRunnerPlugin, { config });
  app.register(retentionPlugin, { config, ...(retentionFirstSweepMs === undefined ? {} : { firstSweepMs: retentionFirstSweepMs }) });
  app.register(syncSnapshotsPlugin, { config, maxAgeMs: snapshotMaxAgeMs, holdSnapshotBuild });
  app.register(
    async (api) => {
      // Sessions live only in this scope, so requests for static files never touch the sessions table.
      await api.register(sessionPlugin, { config });
      // API answers are per person and per moment; the service worker and any proxy must not keep them.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(systemRoutes, { config });
      await api.register(userRoutes, { config });
      await api.register(accountRoutes);
      await api.register(secondFactorRoutes, { config });
      await api.register(bathroomRoutes, { config });
      await api.register(syncRoutes);
      await api.register(syncSnapshotRoutes);
      await api.register(syncPiecesRoutes);
      await api.register(exportRoutes);
      await api.register(feedbackRoutes);
      await api.register(flagRoutes);
      await api.register(confirmationRoutes, { config });
      await api.register(contactRoutes);
      await api.register(commentRoutes);
      await api.register(restroomModerationRoutes);
      await api.register(placesRoutes, { config });
      await api.register(importRoutes, { config });
      await api.register(importRunRoutes, { config });
      await api.register(adminUserRoutes);
      await api.register(adminToolRoutes, { config });
    },
    { prefix: '/api' },
  );
  if (serveWebApp) app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}

/** The app `buildApp` returns. */
export type App = ReturnType<typeof buildApp>;

/**
 * JSON is the only body type accepted (the same-origin plugin answers 415 for others under /api), and
 * an empty body with a JSON content type counts as no body, so a bodiless POST /logout from a client
 * that always sets the header still works. Text that cannot be stored as sent (a NUL character, a
 * lone surrogate) is refused for every route, and the rest is put in Unicode's composed form.
 */
function useStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const unstorable = unstorableTextIn(value);
      if (unstorable === null) return done(null, composeTextIn(value));
      const { code, ...details } = unstorableTextError(unstorable);
      done(new HttpError(400, code, details), undefined);
    });
  });
}

/** The code for one of Fastify's own 4xx answers; its English message stays Fastify's words. */
function fastifyClientErrorCode(error: FastifyError): ApiErrorCode {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'request.bodyTooLarge';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'request.jsonOnly';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'request.invalidJson';
  return 'request.invalid';
}

/** Fastify takes a hop count as a function of the hop index; everything else passes through. */
function fastifyTrustProxy(trustProxy: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}
