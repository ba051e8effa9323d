import { forwardRef } from 'react';
import { NavLink } from 'react-router-dom';
import { CloseIcon, InstallIcon } from '../../components/icons';
import { useInstallPrompt } from './use-install-prompt';
import { bathroomsPath, aboutPath, addRestroomPath, qrCodePath, contactPath, adminDrawerPath } from '../../lib/app-paths';

interface NavDrawerProps {
  id: string;
  isAdmin: boolean;
  onClose: () => void;
}

const LINKS = [
  { to: bathroomsPath, label: 'Find a bathroom' },
  { to: aboutPath, label: 'About' },
  { to: addRestroomPath, label: 'Add bathroom' },
  { to: qrCodePath, label: 'Show QR code' },
  { to: contactPath, label: 'Contact Us' },
] as const;

/** Closes the drawer that holds the clicked control; the dialog's close event updates the menu button. */
function closeDrawerOf(event: React.MouseEvent<HTMLElement>) {
  event.currentTarget.closest('dialog')?.close();
}

const IOS_INSTRUCTIONS = "To install allstall, open this page in Safari, tap the share icon and choose 'Add to Home Screen'.";

/**
 * The left drawer, a modal <dialog>: the browser traps focus inside, closes it on Escape and hands
 * focus back to the menu button afterwards.
 */
export const NavDrawer = forwardRef<HTMLDialogElement, NavDrawerProps>(function NavDrawer({ id, isAdmin, onClose }, ref) {
  const install = useInstallPrompt();
  return (
    <dialog
      ref={ref}
      id={id}
      className="nav-drawer"
      aria-label="Menu"
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
          aria-label="Close"
          onClick={closeDrawerOf}
        >
          <CloseIcon />
        </button>
        <nav aria-label="Main">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === bathroomsPath} onClick={closeDrawerOf}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isAdmin && (
              <li>
                <NavLink to={adminDrawerPath} onClick={closeDrawerOf}>
                  Admin
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
        {install && (
          <button
            type="button"
            className="button button--secondary nav-drawer__install"
            onClick={() => (install.kind === 'prompt' ? install.install() : window.alert(IOS_INSTRUCTIONS))}
          >
            <InstallIcon size={20} />
            Install App
          </button>
        )}
      </div>
    </dialog>
  );
});
