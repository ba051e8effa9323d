import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/icons';
import { useCurrentUser } from '@/hooks/use-current-user';
import { loadMessagePart } from '@/lib/i18n/i18n';
import { afterFirstRows, firstRows } from '@/lib/device/first-rows';
import { lazyWithRetry } from '@/lib/device/import-with-retry';
import { useT } from '@/lib/i18n/use-t';
import { OutboxStatusBar } from '../outbox';
import { AccountMenu } from './account-menu';
import { BrandLink } from './brand-link';
import type { NavDrawerProps } from './nav-drawer';
import { SyncStatusBar } from './sync-status-bar';

// The drawer is fetched once the first screen has its rows, not in the first download: nobody needs
// the menu before the list, and the first download has a budget (docs/performance.md). Its words are
// among the messages fetched after the first screen's, so it waits for them too. A tap on the menu
// before then opens the gate.
const NavDrawer = lazyWithRetry<NavDrawerProps>(
  () => afterFirstRows(() => Promise.all([import('./nav-drawer'), loadMessagePart('more')])).then(([module]) => module.NavDrawer),
  MenuUnavailable,
  'menu',
);

/**
 * The shared navigation bar: menu drawer on the left, title in the middle, account on the right;
 * under it, the sync and outbox status lines.
 */
export function TopBar() {
  const { user } = useCurrentUser();
  const t = useT();
  const drawer = useRef<HTMLDialogElement | null>(null);
  // A tap on the menu before the drawer's code has arrived opens it as soon as it has.
  const openWhenReady = useRef(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();

  const show = useCallback((element: HTMLDialogElement) => {
    if (element.open) return;
    element.showModal();
    setDrawerOpen(true);
  }, []);
  const drawerRef = useCallback(
    (element: HTMLDialogElement | null) => {
      drawer.current = element;
      if (element !== null && openWhenReady.current) {
        openWhenReady.current = false;
        show(element);
      }
    },
    [show],
  );
  const openDrawer = () => {
    firstRows.open();
    if (drawer.current === null) openWhenReady.current = true;
    else show(drawer.current);
  };

  return (
    <header className="site-header">
      <div className="top-bar">
        <button
          type="button"
          className="icon-button top-bar__menu"
          aria-label={t('nav.menu')}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={openDrawer}
        >
          <MenuIcon size={28} />
        </button>
        <BrandLink />
        <AccountMenu user={user} />
      </div>
      {/* Inside the banner landmark so the status is never stray content outside a landmark. */}
      <SyncStatusBar />
      <OutboxStatusBar />
      <Suspense fallback={null}>
        <NavDrawer ref={drawerRef} id={drawerId} open={drawerOpen} isAdmin={user?.is_admin === true} onClose={() => setDrawerOpen(false)} />
      </Suspense>
    </header>
  );
}

/** The menu when its code could not be fetched (no signal on a first visit): it says so, and closes. */
function MenuUnavailable({ id, onClose, ref }: NavDrawerProps) {
  const t = useT();
  return (
    <dialog ref={ref} id={id} className="nav-drawer" aria-label={t('nav.menu')} onClose={onClose}>
      <div className="nav-drawer__panel">
        <button type="button" className="icon-button nav-drawer__close" aria-label={t('nav.close')} onClick={(event) => event.currentTarget.closest('dialog')?.close()}>
          <CloseIcon />
        </button>
        <p role="alert">{t('shell.screenUnavailableTitle')}</p>
        <p>{t('shell.screenUnavailableText')}</p>
      </div>
    </dialog>
  );
}
