import { useState } from 'react';
import type { WriteProblem } from '@allstall/shared';
import { offlineNote, useQueueWrite } from '../hooks/use-queue-write';
import type { CheckedWrite } from '../lib/api/checked-write';
import { dropStashedDraft, readStashedDraft, stashDraft } from '../lib/login/draft-stash';
import type { OutboxWrite } from '../lib/outbox/outbox-types';
import type { AlertContent } from './alert-dialog';
import { useAlert } from './dialog-provider';

/*
 * A feature's one way to send a write from a form: `useDraftWrite` for a form dialog with a draft,
 * `useWrite` for a write made some other way (a button, a page's form). Both queue it in the
 * outbox (hooks/use-queue-write.ts) and say how it went with the alerts given. They live in
 * components/ because they show alerts, and hooks/ does not import components/ (docs/map.md).
 */

export interface WriteSubmission {
  busy: boolean;
  /**
   * Queues the write. Once it is saved, `onQueued` runs (close the form, clear the field) and the
   * success alert follows, with the offline line when there is no connection; if the device could
   * not save it, the failure alert shows and the form stays as it was. `onGuest` runs when nobody
   * is signed in any more.
   */
  submit(write: OutboxWrite, handlers: { onQueued: () => void; onGuest: () => void }): Promise<void>;
}

export function useWrite(alerts: { success: AlertContent; failure: AlertContent }): WriteSubmission {
  const queueWrite = useQueueWrite();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async submit(write, { onQueued, onGuest }) {
      setBusy(true);
      const result = await queueWrite(write);
      setBusy(false);
      if (result.kind === 'guest') return onGuest();
      if (result.kind === 'failed') return alert(alerts.failure);
      onQueued();
      await alert(result.offline ? { ...alerts.success, note: offlineNote() } : alerts.success);
    },
  };
}

interface DraftSubmissionOptions<D> {
  /** Where the draft waits in sessionStorage while its author logs in: include their id. */
  stashKey: string;
  /** Whether a stashed value is still a draft of this form (an older app version may have left it). */
  isDraft: (value: unknown) => value is D;
  /** The form as it opens when nothing is stashed. */
  initial: () => D;
  /** The write the draft makes, or what keeps it from going. */
  check: (draft: D) => CheckedWrite;
  alerts: { success: AlertContent; failure: AlertContent };
  /** The form is done: cancelled, or its write queued (the success alert follows). */
  onClose: () => void;
  /** Instead of `onClose` once the write is queued: the form leads somewhere else (the add screen goes to the list). */
  onQueued?: () => void;
  /** The session ended while the form was open: the draft is stashed for after logging in. */
  onGuest: () => void;
}

export interface DraftSubmission<D> {
  draft: D;
  setDraft: (draft: D) => void;
  /** What the check found at the last Submit; null once a Submit passes it. */
  problem: WriteProblem | null;
  busy: boolean;
  submit: () => void;
  /** Closes the form and forgets a stashed draft. */
  cancel: () => void;
}

/**
 * A form dialog's draft wired to the outbox: it opens with a draft stashed before a login, checks
 * on Submit, queues, and stashes the draft again if the session ended meanwhile.
 */
export function useDraftWrite<D>(options: DraftSubmissionOptions<D>): DraftSubmission<D> {
  const { stashKey, isDraft, initial, check, alerts, onClose, onQueued = onClose, onGuest } = options;
  const [draft, setDraft] = useState(() => readStashedDraft(stashKey, isDraft) ?? initial());
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const submission = useWrite(alerts);

  const submit = () => {
    const { write, problem: local } = check(draft);
    setProblem(local);
    if (!write) return;
    void submission.submit(write, {
      onQueued: () => {
        dropStashedDraft(stashKey);
        onQueued();
      },
      onGuest: () => {
        stashDraft(stashKey, draft);
        onGuest();
      },
    });
  };

  const cancel = () => {
    dropStashedDraft(stashKey);
    onClose();
  };

  return { draft, setDraft, problem, busy: submission.busy, submit, cancel };
}
