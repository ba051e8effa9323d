import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginReturnState } from '../lib/login-return';
import { ModalDialog } from './modal-dialog';
import { loginPath } from '../lib/app-paths';
import { useT } from '../lib/i18n/use-t';

/**
 * 'Hey, stranger.': asks a guest to log in before something that needs an account. Logging in from
 * here brings the person back to the screen they were on.
 */
export function LoginPrompt({ message, onCancel }: { message: string; onCancel: () => void }) {
  const titleId = useId();
  const location = useLocation();
  const t = useT();

  return (
    <ModalDialog labelledBy={titleId} onCancel={onCancel}>
      <h2 id={titleId}>{t('writes.loginPrompt.title')}</h2>
      <p>{message}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t('writes.cancel')}
        </button>
        <Link className="button button--primary" to={loginPath} state={loginReturnState(location)}>
          {t('writes.logIn')}
        </Link>
      </div>
    </ModalDialog>
  );
}
