import { useState } from 'react';
import type { Restroom, User } from '@allstall/shared';
import { useAlert } from '../../components/dialog-provider';
import type { ChoiceField } from '../../components/listing-choices';
import { FlagIcon } from '../../components/icons';
import { LoginPrompt } from '../../components/login-prompt';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { FeedbackForRestroom } from '../feedback';
import { SuggestChangesForRestroom } from '../suggest-changes';
import { useT } from '../../lib/i18n/use-t';

/**
 * A form remembers whose it is: the session can end while it is open, and the draft waits for its
 * author. Suggest changes may open on one field ('Know this? Tell us').
 */
type OpenDialog =
  | { kind: 'feedback'; userId: string }
  | { kind: 'suggest'; userId: string; focusField: ChoiceField | null }
  | { kind: 'login' }
  | null;

/** Which of the restroom's dialogs is open, held by the detail page so its amenity lines can open one too. */
export interface RestroomDialogs {
  open: OpenDialog;
  setOpen: (open: OpenDialog) => void;
  /** 'I peed here!', or the login prompt for a guest. */
  feedback: () => void;
  /** 'Something not look right?' (or 'Know this? Tell us' with its field), or the login prompt for a guest. */
  suggest: (focusField?: ChoiceField) => void;
}

export function useRestroomDialogs(user: User | null): RestroomDialogs {
  const [open, setOpen] = useState<OpenDialog>(null);
  return {
    open,
    setOpen,
    feedback: () => setOpen(user ? { kind: 'feedback', userId: user.id } : { kind: 'login' }),
    suggest: (focusField) => setOpen(user ? { kind: 'suggest', userId: user.id, focusField: focusField ?? null } : { kind: 'login' }),
  };
}

interface RestroomActionsProps {
  restroom: Restroom;
  /** Whether the device has said who is signed in yet. */
  known: boolean;
  dialogs: RestroomDialogs;
}

/** 'I peed here!' and 'Something not look right?': both need an account, so guests are asked to log in. */
export function RestroomActions({ restroom, known, dialogs }: RestroomActionsProps) {
  const t = useT();
  const { open, setOpen } = dialogs;
  const alert = useAlert();
  const close = () => setOpen(null);

  // The session ended while the form was open: say so, then offer the way back in (the draft waits).
  const sessionEnded = async () => {
    setOpen(null);
    await alert(WRITE_ALERTS.guestFeedback);
    setOpen({ kind: 'login' });
  };

  // Until the device says who is signed in, a tap could not know whether to ask for a login.
  if (!known) return null;
  return (
    <div className="restroom-actions">
      <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={dialogs.feedback}>
        {t('detail.peedHere')}
      </button>
      <button type="button" className="button button--quiet" aria-haspopup="dialog" onClick={() => dialogs.suggest()}>
        <FlagIcon size={20} />
        {t('detail.notRight')}
      </button>
      {open?.kind === 'login' && <LoginPrompt message={t('detail.loginToFeedback')} onCancel={close} />}
      {open?.kind === 'feedback' && (
        <FeedbackForRestroom restroomId={restroom.id} userId={open.userId} onClose={close} onGuest={() => void sessionEnded()} />
      )}
      {open?.kind === 'suggest' && (
        <SuggestChangesForRestroom
          restroom={restroom}
          userId={open.userId}
          focusField={open.focusField}
          onClose={close}
          onGuest={() => void sessionEnded()}
        />
      )}
    </div>
  );
}
