import { useId, useRef, useState } from 'react';
import { MenuIcon } from '../../components/icons';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useT } from '../../lib/i18n/use-t';
import { OutboxStatusBar } from '../outbox';
import { AccountMenu } from './account-menu';
import { BrandLink } from './brand-link';
import { NavDrawer } from './nav-drawer';
import { SyncStatusBar } from './sync-status-bar';

/**
 * The shared navigation bar: menu drawer on the left, title in the middle, account on the right;
 * under it, the sync and outbox status lines.
 */
export function TopBar() {
  const { user } = useCurrentUser();
  const t = useT();
  const drawerRef = useRef<HTMLDialogElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();

  const openDrawer = () => {
    const drawer = drawerRef.current;
    if (!drawer || drawer.open) return;
    drawer.showModal();
    setDrawerOpen(true);
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
      <NavDrawer ref={drawerRef} id={drawerId} isAdmin={user?.is_admin === true} onClose={() => setDrawerOpen(false)} />
    </header>
  );
}
