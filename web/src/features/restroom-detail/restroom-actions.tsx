import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LISTING_AMENITY_KEYS, type Restroom, type User } from '@allstall/shared';
import { useAlert } from '@/components/dialog-provider';
import type { ChoiceField } from '@/components/listing-choices';
import { FlagIcon } from '@/components/icons';
import { LoginPrompt } from '@/components/login-prompt';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { resumeAfterLogin } from '@/lib/login/login-return-target';
import { FeedbackForRestroom } from '../feedback';
import { SuggestChangesForRestroom } from '../suggest-changes';
import { useT } from '@/lib/i18n/use-t';

/**
 * A form remembers whose it is: the session can end while it is open, and the draft waits for its
 * author. Suggest changes may open on one field ('Know this? Tell us').
 */
type OpenDialog =
  | { kind: 'feedback'; userId: string }
  | { kind: 'suggest'; userId: string; focusField: ChoiceField | null }
  /** 'Hey, stranger.', with what to reopen once the guest has logged in or registered. */
  | { kind: 'login'; resume: string }
  | null;

/*
 * What the login prompt asks to reopen, carried through /login or /registration and back:
 * 'feedback', 'suggest', or 'suggest:<field>' for 'Know this? Tell us'.
 */
const suggestResume = (focusField: ChoiceField | null) => (focusField === null ? 'suggest' : `suggest:${focusField}`);

function dialogToResume(resume: string, userId: string): OpenDialog {
  if (resume === 'feedback') return { kind: 'feedback', userId };
  if (resume === 'suggest') return { kind: 'suggest', userId, focusField: null };
  const field = /^suggest:(.+)$/.exec(resume)?.[1];
  const focusField = ([...LISTING_AMENITY_KEYS, 'access', 'fee'] as const).find((known) => known === field);
  return focusField === undefined ? null : { kind: 'suggest', userId, focusField };
}

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
  const location = useLocation();
  const navigate = useNavigate();
  const resume = resumeAfterLogin(location.state);
  const userId = user?.id ?? null;

  // Back from logging in or registering: the dialog the guest asked for opens, once (set while
  // rendering, as React advises for state that follows a change). The router state is then dropped,
  // so a reload or a step back through history does not open it again.
  const [resumed, setResumed] = useState<string | null>(null);
  const resuming = userId === null ? null : resume;
  if (resuming !== resumed) {
    setResumed(resuming);
    if (resuming !== null && userId !== null) setOpen(dialogToResume(resuming, userId));
  }
  useEffect(() => {
    if (resuming === null) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [resuming, navigate, location.pathname, location.search, location.hash]);

  return {
    open,
    setOpen,
    feedback: () => setOpen(user ? { kind: 'feedback', userId: user.id } : { kind: 'login', resume: 'feedback' }),
    suggest: (focusField) =>
      setOpen(user ? { kind: 'suggest', userId: user.id, focusField: focusField ?? null } : { kind: 'login', resume: suggestResume(focusField ?? null) }),
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
    const resume = open?.kind === 'suggest' ? suggestResume(open.focusField) : 'feedback';
    setOpen(null);
    await alert(WRITE_ALERTS.guestFeedback);
    setOpen({ kind: 'login', resume });
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
      {open?.kind === 'login' && <LoginPrompt message={t('detail.loginToFeedback')} resume={open.resume} onCancel={close} />}
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
