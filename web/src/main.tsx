import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApiClient } from './lib/api-client';
import { createDb } from './lib/db';
import { registerServiceWorker } from './lib/register-service-worker';
import { createSessionService } from './lib/session';
import { browserSyncEnvironment, createSyncEngine, systemClock } from './lib/sync-engine';
import './styles/base.css';
import './styles/shell.css';
import './styles/pages.css';
import './styles/components.css';
import './styles/restroom-list.css';
import './styles/restroom-detail.css';
import './styles/forms.css';

const db = createDb();
const api = createApiClient();
const sync = createSyncEngine({ db, api, clock: systemClock, env: browserSyncEnvironment() });
const session = createSessionService({ db, api });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<App services={{ db, api, sync, session }} />);

if (import.meta.env.PROD) registerServiceWorker();
