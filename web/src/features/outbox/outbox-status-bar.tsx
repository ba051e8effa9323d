import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SendIcon } from '@/components/icons';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useOutboxRows } from '@/hooks/use-outbox-rows';
import { loginReturnState } from '@/lib/login/login-return';
import { useServices } from '@/lib/services';
import { useT } from '@/lib/i18n/use-t';
import { WAITING_SECTION_ID } from './waiting-section-id';
import { loginPath } from '@/lib/links/app-paths';

/**
 * A line under the top bar while the outbox holds something: how many changes wait, a way to send
 * them now, and what needs the person (log in again, or review a refusal). A polite live region,
 * so a screen reader hears each change of state once.
 */
export function OutboxStatusBar() {
  const t = useT();
  const rows = useOutboxRows();
  const { user, known } = useCurrentUser();
  const location = useLocation();
  const { outbox } = useServices();
  const [sending, setSending] = useState(false);

  // Signed in, only this person's writes can go; signed out, whatever waits needs someone to log in.
  const mine = known ? (rows ?? []).filter((row) => !user || row.userId === user.id) : [];
  const failed = mine.filter((row) => row.status === 'failed').length;
  const waiting = mine.length - failed;
  const sessionEnded = mine.some((row) => row.status === 'needs-login');
  const needsLogin = !user || sessionEnded;
  // A refusal is for its author to review on their profile; a guest first has to log in.
  const showFailed = failed > 0 && user !== null;
  const visible = waiting > 0 || showFailed;

  const sendNow = async () => {
    setSending(true);
    try {
      await outbox.flush({ force: true });
    } catch (error) {
      console.warn('Sending the outbox failed', error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={`outbox-status${visible ? ' is-visible' : ''}`} role="status">
      {waiting > 0 && needsLogin && (
        <p className="outbox-status__line">
          <span>{t(sessionEnded ? 'writes.statusBar.sessionEndedLogIn' : 'writes.statusBar.logInToSend', { n: waiting })}</span>
          <Link className="button button--small button--secondary" to={loginPath} state={loginReturnState(location)}>
            {t('writes.logIn')}
          </Link>
        </p>
      )}
      {waiting > 0 && !needsLogin && (
        <p className="outbox-status__line">
          <span>{t('writes.statusBar.waiting', { n: waiting })}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            // aria-disabled rather than disabled: the button keeps focus while it works.
            aria-disabled={sending}
            aria-busy={sending}
            onClick={() => {
              if (!sending) void sendNow();
            }}
          >
            <SendIcon size={18} />
            {t(sending ? 'writes.outbox.statusSending' : 'writes.statusBar.sendNow')}
          </button>
        </p>
      )}
      {showFailed && (
        <p className="outbox-status__line outbox-status__line--failed">
          <span>{t('writes.statusBar.failed', { n: failed })}</span>
          <Link className="button button--small button--secondary" to={`/user#${WAITING_SECTION_ID}`}>
            {t('writes.statusBar.review')}
          </Link>
        </p>
      )}
    </div>
  );
}
