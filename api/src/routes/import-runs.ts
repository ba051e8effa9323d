import {
  IdParamsSchema,
  ImportRunListSchema,
  ImportRunRowsPageSchema,
  ImportRunRowsQuerySchema,
  ImportRunSchema,
  ImportRunStartBodySchema,
} from '@allstall/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config.js';
import { nonAdminsRefused, requireAdmin } from '../http/access.js';
import { errorResponses } from '../http/http-errors.js';
import { listImportRuns, readImportRun, readImportRunRows, resumeImportRun, startImportRun, stopImportRun } from '../services/import-runs.js';

/**
 * Import runs (admins only, docs/architecture.md#import-runs): the whole region loaded from
 * OpenStreetMap or Refuge on the server in steps, with progress, stop and resume, and what it did
 * with each listing, a page at a time.
 */
export const importRunRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post(
    '/admin/import-runs',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: 'Start loading the whole region from a source on the server (one run per source at a time)',
        body: ImportRunStartBodySchema,
        response: { 201: ImportRunSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const run = await startImportRun(app.db, app.importRunner, config, requireAdmin(request), request.body.source, Date.now());
      return reply.code(201).send(run);
    },
  );

  app.get(
    '/admin/import-runs',
    {
      preValidation: nonAdminsRefused,
      schema: { tags: ['admin'], summary: 'The latest import runs, newest first', response: { 200: ImportRunListSchema, ...errorResponses } },
    },
    async () => ({ runs: await listImportRuns(app.db, Date.now()) }),
  );

  app.get(
    '/admin/import-runs/:id',
    {
      preValidation: nonAdminsRefused,
      schema: { tags: ['admin'], summary: 'One import run and its progress', params: IdParamsSchema, response: { 200: ImportRunSchema, ...errorResponses } },
    },
    async (request) => readImportRun(app.db, request.params.id, Date.now()),
  );

  app.post(
    '/admin/import-runs/:id/stop',
    {
      preValidation: nonAdminsRefused,
      schema: { tags: ['admin'], summary: 'Stop a running import between steps', params: IdParamsSchema, response: { 200: ImportRunSchema, ...errorResponses } },
    },
    async (request) => stopImportRun(app.db, app.importRunner, request.params.id, Date.now()),
  );

  app.post(
    '/admin/import-runs/:id/resume',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: 'Run a stopped or failed import again from where it stopped',
        params: IdParamsSchema,
        response: { 200: ImportRunSchema, ...errorResponses },
      },
    },
    async (request) => resumeImportRun(app.db, app.importRunner, request.params.id, Date.now()),
  );

  app.get(
    '/admin/import-runs/:id/rows',
    {
      preValidation: nonAdminsRefused,
      schema: {
        tags: ['admin'],
        summary: 'What an import run did with each listing it read, a page at a time, optionally of one outcome',
        params: IdParamsSchema,
        querystring: ImportRunRowsQuerySchema,
        response: { 200: ImportRunRowsPageSchema, ...errorResponses },
      },
    },
    async (request) => readImportRunRows(app.db, request.params.id, request.query),
  );
};
