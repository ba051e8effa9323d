import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { lazyContractChecker } from './lib/api/contract';
import { createApiClient } from './lib/api/api-client';
import { createDb } from './lib/db/db';
import { registerServiceWorker } from './lib/device/register-service-worker';
import { afterFirstRows, firstRows } from './lib/device/first-rows';
import { createOutbox } from './lib/outbox/outbox';
import { createSessionService } from './lib/login/session';
import { MirrorStore } from './lib/sync/mirror-store';
import { openMirrorChannel } from './lib/sync/mirror-channel';
import { createMirrorWriter } from './lib/sync/mirror-writer';
import { systemClock } from './lib/device/clock';
import { browserEnvironment } from './lib/device/browser-environment';
import { createSyncEngine } from './lib/sync/sync-engine';
import { lazyWorkerFirstSync } from './lib/sync/lazy-worker-first-sync';
import { createSyncFocus } from './lib/sync/sync-focus';
import { askToKeepData } from './lib/settings/keep-data';
import { activateLocale, loadMessagePart } from './lib/i18n/i18n';
import { initialLocale } from './lib/i18n/locale-preference';
import { SOURCE_LOCALE } from './lib/i18n/locales';
import { followThemeChoice, storedThemeChoice } from './lib/settings/theme';
import { startLoadingMap } from './features/restrooms-list/bathrooms-map';
import { askNearbyEarly, markRestroomsSaved } from './features/restrooms-list/early-nearby';
import { openingBathroomsView } from './features/restrooms-list/use-bathrooms-view';
import { bathroomsPath, rootPath } from './lib/links/app-paths';
import './styles/base.css';
import './styles/shell.css';
import './styles/pages.css';
import './styles/components.css';
import './styles/restroom-list.css';
import './styles/search.css';
import './styles/restroom-detail.css';
import './styles/forms.css';
import './styles/dialogs.css';
import './styles/outbox.css';
import './styles/add-restroom.css';
import './styles/admin.css';

// The theme goes on before anything is drawn, so a dark screen never flashes light first.
followThemeChoice(storedThemeChoice());

const db = createDb();
const api = createApiClient({ contract: lazyContractChecker });
const mirror = new MirrorStore();
// Read once on start; other tabs and the service worker then say which buckets they rewrote.
void mirror.load(db);
const channel = openMirrorChannel(db.name, (buckets) => void mirror.reloadBuckets(db, buckets));
const writer = createMirrorWriter({ db, store: mirror, channel });
const env = browserEnvironment();
// Once the restrooms are saved, the browser is asked (once per device) not to clear them under storage pressure.
// A first sync's parsing and writes run in a worker, so the list and the map stay responsive; the page asks for the index of pieces at once and hands its body over.
// Where the person looks (the list sets it): a first sync fetches the pieces nearest it first.
const focus = createSyncFocus();
const workerFirstSync = typeof Worker === 'function' ? lazyWorkerFirstSync({ store: mirror, channel, dbName: db.name, api, focus }) : null;
// Its worker and index wait for the first screen's rows, which come from the nearby answer meanwhile (lib/device/first-rows.ts).
const firstSync = workerFirstSync && { run: (onProgress: Parameters<typeof workerFirstSync.run>[0]) => afterFirstRows(() => workerFirstSync.run(onProgress)) };
const sync = createSyncEngine({
  db,
  api,
  writer,
  clock: systemClock,
  env,
  firstSync,
  focus,
  onSaved: () => {
    askToKeepData();
    markRestroomsSaved();
  },
});
const session = createSessionService({ db, api, writer });
// An accepted feedback or deletion is in the feed now; pulling it also brings other people's news.
const outbox = createOutbox({ db, api, mirror: writer, env, clock: systemClock, onPublicChange: () => void sync.pull() });

// The stored column index, rebuilt in a worker once the mirror is quiet, lets the next start draw
// before it has read every row; without workers a start reads every row, as before.
if (typeof Worker === 'function') {
  void mirror
    .ready()
    .then(() => afterFirstRows(() => import('./lib/sync/column-keeper')))
    .then(({ keepStoredColumns, rebuildInWorker }) => keepStoredColumns({ store: mirror, clock: systemClock, rebuild: () => rebuildInWorker(db.name) }))
    .catch(() => undefined);
}

// Opening on the map (a first visit does): its code is fetched beside the data, not after the first render.
const opensOnRestrooms = location.pathname === rootPath || location.pathname === bathroomsPath;
if (opensOnRestrooms && openingBathroomsView(location.search) === 'map') startLoadingMap();
// Only the restrooms' screen has first rows to wait for; every other screen lets everything load at once.
if (!opensOnRestrooms) firstRows.open();
// A first visit there with the position granted asks for the nearest restrooms now, beside the first screen's code.
else void askNearbyEarly(api).catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The messages come first: nothing is shown before the screen can speak the person's language. Should
// the chosen language's file not load, English is tried, and the app starts either way.
void activateLocale(initialLocale())
  .catch(() => activateLocale(SOURCE_LOCALE))
  .catch((error: unknown) => console.error('No messages loaded', error))
  .finally(() => {
    createRoot(container).render(<App services={{ db, mirror, writer, api, sync, session, outbox, clock: systemClock }} />);
    // Every other screen's words, fetched once the first screen is on its way; screens wait for them.
    void afterFirstRows(() => loadMessagePart('more')).catch(() => undefined);
  });

// The service worker's install fetches every file of the app: after the first rows, on a thin link.
if (import.meta.env.PROD) void afterFirstRows(async () => registerServiceWorker());
