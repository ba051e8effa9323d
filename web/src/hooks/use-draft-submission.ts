import { useState } from 'react';
import type { WriteProblem } from '@allstall/shared';
import type { AlertContent } from '../components/alert-dialog';
import type { CheckedWrite } from '../lib/api/checked-write';
import { dropStashedDraft, readStashedDraft, stashDraft } from '../lib/login/draft-stash';
import { useWriteSubmission } from './use-write-submission';

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
export function useDraftSubmission<D>(options: DraftSubmissionOptions<D>): DraftSubmission<D> {
  const { stashKey, isDraft, initial, check, alerts, onClose, onQueued = onClose, onGuest } = options;
  const [draft, setDraft] = useState(() => readStashedDraft(stashKey, isDraft) ?? initial());
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const submission = useWriteSubmission(alerts);

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
