import { useState } from 'react';
import type { WriteProblem } from '@allstall/shared';
import type { CheckedWrite } from '@/lib/api/checked-write';
import { metaGet } from '@/lib/db/db';
import { deviceIsOffline } from '@/lib/device/device-offline';
import { dropStashedDraft, readStashedDraft, stashDraft } from '@/lib/login/draft-stash';
import type { OutboxWrite } from '@/lib/outbox/outbox-types';
import { useServices } from '@/lib/services';
import type { AlertContent } from './alert-dialog';
import { useAlert } from './dialog-provider';
import { offlineNote, writeAlertsFor, type WriteAlerts } from './write-alerts';

/*
 * A feature's one way to send a write: `useWrite` for a write made by a button or a page's form,
 * `useDraftWrite` for a form dialog with a draft. Either puts the write (its kind and its body) in
 * the outbox, lib/outbox/outbox.ts, and says how it went with the alerts of its kind
 * (write-alerts.ts) or those given. They live in components/ because they show alerts, and hooks/
 * does not import components/ (docs/map.md).
 */

type QueueResult =
  /** Saved on the device as outbox row `rowId`; `offline` says it cannot go out before the connection is back. */
  | { kind: 'queued'; offline: boolean; rowId: string }
  /** Nobody is signed in any more (the session ended while a form was open): nothing was saved. */
  | { kind: 'guest' }
  /** The device could not store it (storage full, private mode): nothing was saved. */
  | { kind: 'failed'; error: unknown };

interface WriteHandlers {
  /** The write is saved: close the form, clear the field. The success alert follows. */
  onQueued?: () => void;
  /** Nobody is signed in any more: nothing was saved. */
  onGuest?: () => void;
}

export interface WriteSubmission {
  busy: boolean;
  /**
   * Queues the write under whoever is signed in at this moment (not at the last render, so a
   * session that ended seconds ago is noticed). Once it is saved, `onQueued` runs and the success
   * alert follows, with the offline line when there is no connection; if the device could not save
   * it, the failure alert shows and the form stays as it was. Resolves with what happened.
   */
  submit(write: OutboxWrite, handlers?: WriteHandlers): Promise<QueueResult>;
}

/** `alerts` replaces the words of the write's kind (write-alerts.ts) where a screen says more or less. */
export function useWrite(alerts: Partial<WriteAlerts> = {}): WriteSubmission {
  const { db, outbox } = useServices();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);

  async function queue(write: OutboxWrite): Promise<QueueResult> {
    try {
      const user = await metaGet(db, 'user');
      if (!user) return { kind: 'guest' };
      const row = await outbox.enqueue(write, user.id);
      return { kind: 'queued', offline: deviceIsOffline(), rowId: row.id };
    } catch (error) {
      console.warn('Could not queue the write', error);
      return { kind: 'failed', error };
    }
  }

  return {
    busy,
    async submit(write, { onQueued, onGuest } = {}) {
      const { success, failure } = { ...writeAlertsFor(write.kind), ...alerts };
      setBusy(true);
      const result = await queue(write);
      setBusy(false);
      if (result.kind === 'guest') onGuest?.();
      if (result.kind === 'failed') await alert(failure);
      if (result.kind !== 'queued') return result;
      onQueued?.();
      if (success) await alert(withOfflineNote(success, result.offline));
      return result;
    },
  };
}

function withOfflineNote(content: AlertContent, offline: boolean): AlertContent {
  return offline ? { ...content, note: offlineNote() } : content;
}

interface DraftSubmissionOptions<D> {
  /** Where the draft waits in sessionStorage while its author logs in: include their id. */
  stashKey: string;
  /** Whether a stashed value is still a draft of this form (an older app version may have left it). */
  isDraft: (value: unknown) => value is D;
  /** The form as it opens when nothing is stashed. */
  initial: () => D;
  /** The write the draft makes (its kind and body), or what keeps it from going. */
  check: (draft: D) => CheckedWrite;
  /** Instead of the words of the write's kind. */
  alerts?: Partial<WriteAlerts>;
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
