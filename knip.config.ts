import type { KnipConfig } from 'knip';

/*
 * Unused files, exports and dependencies. `npm run lint` runs knip twice: as it is, with the tests
 * as entries, and with --production, where only the app's own entries (those ending in `!`) count,
 * so an export only tests import shows up as unused. Shared's index and the other entries are
 * checked too (includeEntryExports): what another package never imports is not exported.
 */

const production = process.argv.includes('--production') || process.argv.includes('-p');

/**
 * Exports the app uses in their own file that tests import too, kept on purpose, by file with the
 * names they keep. Only for --production: the first run still reports any export of these files
 * that nothing at all uses, and any other export only tests use fails the second.
 */
const KEPT_FOR_TESTS: Record<string, Array<'exports' | 'types'>> = {
  // The value the app uses, which tests read rather than copy (a copied literal would keep passing
  // after the code changed).
  'api/src/config.ts': ['exports'], // SQLITE_FILE_NAME
  'api/src/operations/backup-command.ts': ['exports'], // POSTGRES_ADVICE
  'api/src/imports/import-runner.ts': ['exports'], // SHUTDOWN_NOTE
  'api/src/http/auth-rate-limits.ts': ['exports', 'types'], // AUTH_FAILURE_LIMITS, AuthAction
  'api/src/http/known-devices.ts': ['exports'], // KNOWN_DEVICE_COOKIE
  'api/src/http/idempotency.ts': ['exports'], // IDEMPOTENT_REPLAYED_HEADER
  'api/src/snapshots/versioned-cache.ts': ['exports'], // RETRY_AFTER_FAILURE_MS
  'api/src/compression/compressed-body.ts': ['exports'], // gzipBodyNow, brotliBodyNow (the snapshot bench's reference compresses as the build does)
  'web/src/lib/device/import-with-retry.ts': ['exports'], // LAZY_LOAD_RETRIES, loadComponentWithRetry (below)
  'web/src/lib/outbox/backoff.ts': ['exports'], // MAX_RETRY_AFTER_MS
  'web/src/features/restrooms-list/restroom-list.tsx': ['exports'], // LIST_PAGE_SIZE
  'web/src/features/restrooms-list/bathrooms-filters.ts': ['exports', 'types'], // LISTING_FILTER_KEYS, UNKNOWN_FILTER_KEYS, ListingFilterKey
  'web/src/features/restrooms-map/restroom-clusters.ts': ['exports', 'types'], // CLUSTER_GRID_SIZE_PX; createRestroomClusters, MapItem (below)
  'web/src/lib/sync/rebuild-columns.ts': ['exports'], // NEARBY_ROWS; storeColumns (below)
  'web/src/lib/links/visit-links.ts': ['exports'], // nearestOpenNowLink (also the manifest's shortcut, in vite.config.ts)
  'shared/src/geo/walking-time.ts': ['exports'], // WALKING_PACE_KMH, LONGEST_WALK_MINUTES
  'shared/src/open-data/export-rows.ts': ['exports'], // OPEN_DATA_CSV_COLUMNS
  'migrations/src/index.ts': ['exports'], // allstallMigrations (the api's migration tests step through them)
  'shared/src/geo/sync-pieces.ts': ['exports', 'types'], // PIECE_MAX_RESTROOMS, PIECE_MAX_DEPTH, UNPLACED_PIECE_KEY, pieceKeyAt, pieceBounds, PieceBounds (the api's and the tests' partition checks read the limits rather than copy them)

  // Pure pieces tested case by case, where going through their screen, route or worker would need a
  // browser or a server for each case.
  'api/src/services/leave-feedback.ts': ['exports'], // thumbOf, countChange
  'api/src/services/pull-changes.ts': ['exports', 'types'], // pullStart, cursorAfter, PullStart
  'api/src/snapshots/snapshot-cache.ts': ['exports'], // buildSnapshotInWorker (its bytes against the in-process build's)
  'api/src/imports/refuge-client.ts': ['exports'], // refugeRecordOf
  'api/src/plugins/content-security-policy.ts': ['exports'], // tileSource
  'api/src/seed/demo-restrooms.ts': ['exports'], // epochMsFromPostgresTimestamp
  'api/src/db/migrator.ts': ['exports'], // createMigrator (the migration tests step down and up)
  'web/src/lib/sync/sync-engine.ts': ['exports', 'types'], // mergePages, PullOutcome, SyncEnvironment
  'web/src/features/restrooms-list/use-nearby-first.ts': ['exports'], // holdsAround (each case of what the device holds, without a first sync per case)
  'web/src/lib/api/api-client.ts': ['types'], // SyncPageRequest
  'web/src/lib/i18n/i18n.ts': ['exports'], // intlLocaleFor
  'web/src/lib/settings/theme.ts': ['exports'], // resolveTheme
  'web/src/sw/tile-cache.ts': ['exports'], // requestIsMapTile, tilesToKeep
  'web/src/lib/map-tiles/keep-tiles-on-screen.ts': ['exports'], // tilesOnScreen
  'web/src/lib/outbox/retry-after.ts': ['exports'], // parseHttpDate
  'web/src/lib/outbox/describe-write.ts': ['exports'], // changesCount
  'web/src/lib/settings/maps-app.ts': ['exports'], // defaultMapsApp, storedMapsApp
  'web/src/lib/device/first-rows.ts': ['exports'], // createFirstRowsGate (the page's own gate opens at a real 5 s ceiling)
  'web/src/lib/restrooms/hours-input.ts': ['exports'], // hhmmToTimeValue, timeValueToHhmm
  'web/src/lib/login/login-return-target.ts': ['exports'], // loginReturnPath
  'web/src/components/walking-time.tsx': ['exports'], // walkingTimeWords
  'web/src/features/qr-code/qr-code-page.tsx': ['exports'], // appAddress
  'web/src/features/restrooms-list/saved-count.tsx': ['exports'], // savedCountText
  'web/src/features/restrooms-map/tile-coverage.ts': ['exports'], // tileBox
  'web/src/features/restrooms-map/map-icons.ts': ['exports'], // restroomMarkerName, clusterMarkerName
  'web/src/features/feedback/feedback-draft.ts': ['exports'], // feedbackBodyOf
  'web/src/features/admin/flagged/flag-edits.ts': ['exports'], // flagEditsOf
  'web/src/features/map-pack/pack-download.ts': ['exports'], // contentRangeStart
  'shared/src/api-errors/format-message.ts': ['exports'], // formatEnglish
  'shared/src/geo/distance.ts': ['exports'], // distanceInUnits; nearestRestrooms (below)
  'shared/src/hours/open-now.ts': ['exports'], // hoursRangeCovers, hoursOpenState, hoursIsOpenAt
  'shared/src/hours/next-change.ts': ['exports'], // hoursOutlookOnClock
  'shared/src/imports/clean-text.ts': ['exports'], // repairMisdecodedUtf8, unescapeText
  'shared/src/imports/osm.ts': ['exports'], // osmSourceId
  'shared/src/map-pack/pmtiles-metadata.ts': ['exports'], // plainAttribution
  'shared/src/open-data/csv.ts': ['exports'], // csvField
  'shared/src/places/same-place.ts': ['exports'], // placeNamesAreSimilar
  'shared/src/restrooms/compact-restroom.ts': ['exports'], // compactAmenity

  // The plain rule a faster structure is checked against on random data: nearestRestrooms (sort
  // everything; shared/src/geo/distance.ts, above) for the nearest grid and the list.
  //
  // Archives for the map-pack tests of shared, the api, the web and its e2e tests: shared is the one
  // package all four import.
  'shared/src/map-pack/pmtiles-directory.ts': ['exports', 'types'], // writePmtilesArchive, zxyToPmtilesTileId, encodePmtilesDirectory, PmtilesArchiveTile, PmtilesArchiveInput, PmtilesDirectoryEntry
  //
  // The contract's schemas and types that tests check answers against.
  'shared/src/schemas/compact-restroom.ts': ['exports'], // CompactRestroomSchema
  'shared/src/schemas/imports.ts': ['exports'], // ImportRowSchema
  'shared/src/schemas/moderation.ts': ['exports'], // FlagProposalSchema
  'shared/src/schemas/open-data.ts': ['exports', 'types'], // OpenDataCollectionSchema, OpenDataCollection
  'shared/src/schemas/admin-users.ts': ['types'], // UserList
  'shared/src/schemas/import-runs.ts': ['types'], // ImportRunRow
  'shared/src/schemas/restroom.ts': ['types'], // NearbyRestroom
  'shared/src/schemas/sync.ts': ['exports', 'types'], // SyncSnapshotHeaderSchema (the one-answer snapshot older apps read), SyncSnapshotWireLine

  // Hooks for the tests' own setup.
  'web/src/app/lazy-screen.tsx': ['exports'], // loadEveryScreen (component tests render screens without waiting)
  'api/src/app.ts': ['types'], // App (the type of the app the test helpers build)
};

const config: KnipConfig = {
  includeEntryExports: true,
  workspaces: {
    '.': {
      entry: ['scripts/*.{mjs,test.mjs}', 'build/*.mjs'],
    },
    api: {
      // The snapshot worker is started by path (new Worker(url), snapshots/snapshot-cache.ts).
      entry: ['src/server.ts!', 'src/cli/*.ts!', 'src/snapshots/snapshot-worker.ts!', 'test/**/*.test.ts'],
      project: ['src/**/*.ts!', 'test/**/*.ts'],
      // time-zone.ts loads geo-tz with createRequire on the first lookup, which knip does not follow.
      ignoreDependencies: ['geo-tz'],
    },
    web: {
      entry: [
        'src/**/*.test.{ts,tsx}',
        'bench/**/*.test.ts',
        // Pages the bench bundles by path (support/page-bundle.ts) and servers it starts as child
        // processes by path (support/bare-server.ts).
        'bench/page/*.ts',
        'bench/support/bare-*-server.ts',
        'e2e/*.e2e.ts',
        'scripts/*.{ts,mjs}',
      ],
      // Test helpers beside the code they help test are not production files.
      project: ['src/**/*.{ts,tsx}!', '!src/test/**!', '!src/**/*test-*.{ts,tsx}!', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{ts,mjs}', 'build-tools/**/*.ts'],
      // The e2e tests and the bench run the api by path (api/dist/server.js, api/test helpers), so
      // no import names the package; the devDependency says the web's tests need it and makes pnpm
      // build the api before the web. The bench's bare servers import fastify from the api's own
      // node_modules by path on purpose, to run the very version the api runs.
      ignoreDependencies: ['@allstall/api', 'fastify'],
    },
    shared: {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts!'],
    },
    migrations: {
      project: ['src/**/*.ts!'],
      // The migration restroom_time_zones loads geo-tz with createRequire when it runs, which knip does not follow.
      ignoreDependencies: ['geo-tz'],
    },
  },
  ignoreIssues: {
    // Kysely's migrator calls each migration's `up` and `down` from the module namespace index.ts lists.
    'migrations/src/2*.ts': ['exports'],
    // The api's declarations (tsconfig's declaration: true) name each table's type wherever a
    // function returns a query on the Database, so every table interface stays exported.
    'api/src/db/schema.ts': ['types'],
    ...(production ? KEPT_FOR_TESTS : {}),
  },
  // The types of build/source-condition.mjs, which TypeScript reads beside it without an import.
  ignore: ['build/source-condition.d.mts'],
};

export default config;
