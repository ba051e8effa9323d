import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from '@allstall/shared';
import { AccountIcon } from '@/components/icons';
import { InitialCircle } from '@/components/initial-circle';
import { useServices } from '@/lib/services';
import { bathroomsPath, profilePath, loginPath, registrationPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';
import { LogOutDialog } from './log-out-dialog';

/**
 * The account control at the right of the top bar: a disclosure button and a small list of
 * links. Escape or a click elsewhere closes it; Escape puts focus back on the button.
 */
export function AccountMenu({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const { session, outbox } = useServices();
  // Set while the person chooses what happens to their unsent writes.
  const [askingAbout, setAskingAbout] = useState<string | null>(null);
  const navigate = useNavigate();
  const t = useT();

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  const finishLogOut = async () => {
    await session.logout().catch(() => {});
    setAskingAbout(null);
    navigate(bathroomsPath);
  };
  const logOut = async () => {
    close();
    if (user && (await outbox.writesOf(user.id)).length > 0) setAskingAbout(user.id);
    else await finishLogOut();
  };

  return (
    <div
      className="account-menu"
      ref={wrapRef}
      onBlur={(event) => {
        // Tabbing past the last item leaves the menu: close it rather than leave it hanging open. A null
        // target (Safari does not focus clicked buttons) is left to the pointerdown handler.
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button account-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={user ? t('accountMenu.accountOf', { username: user.username }) : t('accountMenu.account')}
        onClick={() => setOpen((value) => !value)}
      >
        {user ? <InitialCircle username={user.username} /> : <AccountIcon size={32} />}
      </button>
      <ul id={listId} ref={listRef} className="account-menu__list" hidden={!open}>
        {user ? (
          <>
            <li>
              <Link to={profilePath} onClick={close}>
                {t('accountMenu.myProfile')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void logOut()}>
                {t('accountMenu.logOut')}
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to={loginPath} onClick={close}>
                {t('shell.logIn')}
              </Link>
            </li>
            <li>
              <Link to={registrationPath} onClick={close}>
                {t('shell.register')}
              </Link>
            </li>
          </>
        )}
      </ul>
      {askingAbout !== null && (
        <LogOutDialog
          userId={askingAbout}
          onLogOut={finishLogOut}
          onCancel={() => {
            setAskingAbout(null);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
