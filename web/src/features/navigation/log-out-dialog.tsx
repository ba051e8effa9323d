import { useState } from 'react';
import { BusyButton } from '@/components/busy-button';
import { MessageDialog } from '@/components/message-dialog';
import { Spinner } from '@/components/spinner';
import { useMyOutbox } from '@/features/outbox';
import { useServices } from '@/lib/services';
import { useT } from '@/lib/i18n/use-t';

/** Titles of the waiting writes listed in the dialog; the rest are counted. */
const LISTED = 4;

type Problem = { kind: 'offline' } | { kind: 'refused'; count: number } | null;

/**
 * Asked on logging out while the person's writes wait in the outbox (issue 40 item 5): send them
 * first, keep them for their next login on this phone (held, as after a lost session), or discard
 * them. Each choice ends in `onLogOut`; Escape or Cancel (first, so a stray Enter changes nothing)
 * stays signed in.
 */
export function LogOutDialog({ userId, onLogOut, onCancel }: { userId: string; onLogOut: () => Promise<void>; onCancel: () => void }) {
  const t = useT();
  const { outbox } = useServices();
  const waiting = useMyOutbox(userId);
  const [busy, setBusy] = useState<'send' | 'discard' | 'keep' | null>(null);
  const [problem, setProblem] = useState<Problem>(null);

  const sendFirst = async () => {
    setBusy('send');
    setProblem(null);
    try {
      await outbox.flush({ force: true });
      const left = await outbox.writesOf(userId);
      if (left.length === 0) return await onLogOut();
      const refused = left.filter((row) => row.status === 'failed').length;
      setProblem(refused > 0 ? { kind: 'refused', count: refused } : { kind: 'offline' });
    } finally {
      setBusy(null);
    }
  };
  const keep = async () => {
    setBusy('keep');
    await onLogOut();
  };
  const discard = async () => {
    setBusy('discard');
    await outbox.discardEveryOf(userId);
    await onLogOut();
  };

  const text = (
    <>
      {waiting === undefined ? (
        <Spinner label={t('logOut.unsent.loading')} />
      ) : (
        <>
          <p>{t('logOut.unsent.text', { n: waiting.length })}</p>
          <ul className="log-out__writes">
            {waiting.slice(0, LISTED).map(({ row, summary }) => (
              <li key={row.id}>{summary.title}</li>
            ))}
            {waiting.length > LISTED && <li>{t('logOut.unsent.more', { n: waiting.length - LISTED })}</li>}
          </ul>
        </>
      )}
      {problem && (
        <p role="alert" className="log-out__problem">
          {problem.kind === 'offline' ? t('logOut.sendFirst.offline') : t('logOut.sendFirst.refused', { n: problem.count })}
        </p>
      )}
    </>
  );

  return (
    <MessageDialog icon="warning" title={t('logOut.unsent.title')} text={text} actions="stack" onCancel={() => busy === null && onCancel()}>
      <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy !== null}>
        {t('dialog.cancel')}
      </button>
      <BusyButton busy={busy !== null} className="button button--danger" onClick={() => void discard()}>
        {t('logOut.discard')}
      </BusyButton>
      <BusyButton busy={busy !== null} className="button button--secondary" onClick={() => void keep()}>
        {t('logOut.keep')}
      </BusyButton>
      <BusyButton busy={busy !== null} onClick={() => void sendFirst()}>
        {busy === 'send' ? t('logOut.sendFirst.sending') : t('logOut.sendFirst')}
      </BusyButton>
    </MessageDialog>
  );
}
