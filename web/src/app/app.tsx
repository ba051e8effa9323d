import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { DialogProvider } from '../components/dialog-provider';
import { NowProvider } from '../hooks/use-now';
import { useCurrentUser } from '../hooks/use-current-user';
import { useSyncStatus } from '../hooks/use-sync-status';
import { refreshClientConfig } from '../lib/settings/client-config';
import { i18n } from '../lib/i18n/i18n';
import { ServicesProvider, useServices, type Services } from '../lib/services';
import { routes } from './router';

/**
 * Mirrors the sync state onto <html data-sync-state data-last-synced-at> so tests and tools can
 * wait for the first pull without reading the UI.
 */
function useSyncStateAttributes() {
  const status = useSyncStatus();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.syncState = status.state;
    if (status.lastSyncedAt !== null) root.dataset.lastSyncedAt = new Date(status.lastSyncedAt).toISOString();
  }, [status]);
}

/** Start-up work: the first pull and its triggers, who is signed in, and the deployment's settings. */
function useStartup() {
  const { db, api, sync, session, outbox } = useServices();
  const { user } = useCurrentUser();
  const userId = user?.id;
  useEffect(() => sync.start(), [sync]);
  useEffect(() => outbox.start(), [outbox]);
  // Signed in (again): writes that met a 401 while the session was gone go out now.
  useEffect(() => {
    if (userId !== undefined) void outbox.resumeFor(userId);
  }, [outbox, userId]);
  useEffect(() => {
    void session.refresh();
    void refreshClientConfig(db, api);
    const onOnline = () => void session.refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [db, api, session]);
}

function Root() {
  useStartup();
  useSyncStateAttributes();
  return useRoutes(routes);
}

export function App({ services }: { services: Services }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ServicesProvider services={services}>
          <NowProvider>
            <DialogProvider>
              {/* The declarative router: the app loads no data through routes, and the data router's
                  machinery would add 18 KB gzip to the first load. */}
              <BrowserRouter>
                <Root />
              </BrowserRouter>
            </DialogProvider>
          </NowProvider>
        </ServicesProvider>
      </I18nProvider>
    </StrictMode>
  );
}
