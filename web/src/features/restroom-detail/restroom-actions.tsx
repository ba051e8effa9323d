import { useState } from 'react';
import type { Restroom, User } from '@allstall/shared';
import { useAlert } from '../../components/dialog-provider';
import { FlagIcon } from '../../components/icons';
import { LoginPrompt } from '../../components/login-prompt';
import { WRITE_ALERTS } from '../../components/write-alerts';
import { FeedbackForRestroom } from '../feedback';
import { SuggestChangesForRestroom } from '../suggest-changes';

/** A form remembers whose it is: the session can end while it is open, and the draft waits for its author. */
type OpenDialog = { kind: 'feedback' | 'suggest'; userId: string } | { kind: 'login' } | null;

interface RestroomActionsProps {
  restroom: Restroom;
  /** The signed-in person, or null for a guest (from the detail page's useCurrentUser). */
  user: User | null;
  /** Whether the device has said who is signed in yet. */
  known: boolean;
}

/** 'I peed here!' and 'Something not look right?': both need an account, so guests are asked to log in. */
export function RestroomActions({ restroom, user, known }: RestroomActionsProps) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const alert = useAlert();
  const close = () => setOpen(null);
  const openIfSignedIn = (kind: 'feedback' | 'suggest') => setOpen(user ? { kind, userId: user.id } : { kind: 'login' });

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
      <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => openIfSignedIn('feedback')}>
        I peed here!
      </button>
      <button type="button" className="button button--quiet" aria-haspopup="dialog" onClick={() => openIfSignedIn('suggest')}>
        <FlagIcon size={20} />
        Something not look right?
      </button>
      {open?.kind === 'login' && <LoginPrompt message="Come here often? Log in to leave feedback!" onCancel={close} />}
      {open?.kind === 'feedback' && (
        <FeedbackForRestroom restroomId={restroom.id} userId={open.userId} onClose={close} onGuest={() => void sessionEnded()} />
      )}
      {open?.kind === 'suggest' && (
        <SuggestChangesForRestroom restroom={restroom} userId={open.userId} onClose={close} onGuest={() => void sessionEnded()} />
      )}
    </div>
  );
}
