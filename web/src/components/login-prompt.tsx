import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginReturnState } from '../lib/login/login-return';
import { ModalDialog } from './modal-dialog';
import { loginPath, registrationPath } from '../lib/links/app-paths';
import { useT } from '../lib/i18n/use-t';

/**
 * 'Hey, stranger.': asks a guest to log in, or register, before something that needs an account.
 * Either way brings the person back to the screen they were on; `resume` names what to reopen there
 * (the screen reads it with resumeAfterLogin).
 */
export function LoginPrompt({ message, onCancel, resume }: { message: string; onCancel: () => void; resume?: string }) {
  const titleId = useId();
  const location = useLocation();
  const t = useT();
  const returnState = loginReturnState(location, resume);

  return (
    <ModalDialog labelledBy={titleId} onCancel={onCancel}>
      <h2 id={titleId}>{t('writes.loginPrompt.title')}</h2>
      <p>{message}</p>
      <div className="dialog__actions dialog__actions--stack">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t('writes.cancel')}
        </button>
        <Link className="button button--secondary" to={registrationPath} state={returnState}>
          {t('writes.account.register')}
        </Link>
        <Link className="button button--primary" to={loginPath} state={returnState}>
          {t('writes.logIn')}
        </Link>
      </div>
    </ModalDialog>
  );
}
