import type { Ref } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, InstallIcon } from '@/components/icons';
import { useInstallPrompt } from './use-install-prompt';
import { DisplaySettings } from './display-settings';
import { DeviceStorage } from './device-storage';
import { MapPackControls } from '../map-pack';
import { useT } from '@/lib/i18n/use-t';
import type { MessageId } from '@/lib/i18n/message-id';
import { bathroomsPath, aboutPath, addRestroomPath, qrCodePath, contactPath, adminDrawerPath } from '@/lib/links/app-paths';

export interface NavDrawerProps {
  id: string;
  /** Whether the drawer is showing: what it reads of the device is read afresh each time it opens. */
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
  ref: Ref<HTMLDialogElement>;
}

const LINKS: ReadonlyArray<{ to: string; label: MessageId }> = [
  { to: bathroomsPath, label: 'nav.findBathroom' },
  { to: aboutPath, label: 'nav.about' },
  { to: addRestroomPath, label: 'nav.addBathroom' },
  { to: qrCodePath, label: 'nav.showQrCode' },
  { to: contactPath, label: 'nav.contactUs' },
];

/** Closes the drawer that holds the clicked control; the dialog's close event updates the menu button. */
function closeDrawerOf(event: React.MouseEvent<HTMLElement>) {
  event.currentTarget.closest('dialog')?.close();
}

/**
 * The left drawer, a modal <dialog>: the browser traps focus inside, closes it on Escape and hands
 * focus back to the menu button afterwards.
 */
export function NavDrawer({ id, open, isAdmin, onClose, ref }: NavDrawerProps) {
  const install = useInstallPrompt();
  const t = useT();
  return (
    <dialog
      ref={ref}
      id={id}
      className="nav-drawer"
      aria-label={t('nav.menu')}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="nav-drawer__panel">
        <button
          type="button"
          className="icon-button nav-drawer__close"
          aria-label={t('nav.close')}
          onClick={closeDrawerOf}
        >
          <CloseIcon />
        </button>
        <nav aria-label={t('nav.main')}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === bathroomsPath} onClick={closeDrawerOf}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            {isAdmin && (
              <li>
                <NavLink to={adminDrawerPath} onClick={closeDrawerOf}>
                  {t('nav.admin')}
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        {install && (
          <button
            type="button"
            className="button button--secondary nav-drawer__install"
            onClick={() => (install.kind === 'prompt' ? install.install() : window.alert(t('nav.iosInstall')))}
          >
            <InstallIcon size={20} />
            {t('nav.installApp')}
          </button>
        )}
        <DisplaySettings />
        <MapPackControls />
        <DeviceStorage open={open} />
      </div>
    </dialog>
  );
}
