import { restroomDecisionKind } from '@allstall/shared';
import { t } from '@/lib/i18n/i18n';
import type { OutboxWrite } from '@/lib/outbox/outbox-types';
import type { DecisionKind, DecisionRow } from './queued-decisions';

/* The words are made when asked for, in the language active then: a screen re-renders on a switch. */

/** A decision as the admin made it, before the outbox gave it a row. */
export type DecisionWrite = Extract<OutboxWrite, { kind: DecisionKind }>;

interface DecisionWords {
  /** What the decision will do, as an instruction: "Approve Quiet Library". */
  todo: string;
  /** What it did, once the server has it: "Approved Quiet Library." */
  done: string;
}

function decisionWords(write: DecisionWrite): DecisionWords {
  switch (write.kind) {
    case 'restroom-decision': {
      const { name } = write.body;
      switch (restroomDecisionKind(write.body.decision)) {
        case 'approve':
          return { todo: t('admin.decision.approve.todo', { name }), done: t('admin.decision.approve.done', { name }) };
        case 'reject':
          return { todo: t('admin.decision.reject.todo', { name }), done: t('admin.decision.reject.done', { name }) };
        case 'edit':
          return { todo: t('admin.decision.edit.todo', { name }), done: t('admin.decision.edit.done', { name }) };
        case 'remove':
          return { todo: t('admin.decision.remove.todo', { name }), done: t('admin.decision.remove.done', { name }) };
        case 'show':
          return { todo: t('admin.decision.show.todo', { name }), done: t('admin.decision.show.done', { name }) };
      }
      break;
    }
    case 'restroom-delete': {
      const { name } = write.body;
      return { todo: t('admin.decision.delete.todo', { name }), done: t('admin.decision.delete.done', { name }) };
    }
    case 'flag-decision': {
      const { name } = write.body;
      return write.body.decision.status === 'approved'
        ? { todo: t('admin.decision.flagApprove.todo', { name }), done: t('admin.decision.flagApprove.done', { name }) }
        : { todo: t('admin.decision.flagReject.todo', { name }), done: t('admin.decision.flagReject.done', { name }) };
    }
    case 'contact-resolve': {
      const { excerpt } = write.body;
      return { todo: t('admin.decision.resolve.todo', { excerpt }), done: t('admin.decision.resolve.done', { excerpt }) };
    }
    case 'user-role': {
      const { username } = write.body;
      return write.body.is_admin
        ? { todo: t('admin.decision.makeAdmin.todo', { username }), done: t('admin.decision.makeAdmin.done', { username }) }
        : { todo: t('admin.decision.removeAdmin.todo', { username }), done: t('admin.decision.removeAdmin.done', { username }) };
    }
    case 'user-delete': {
      const { username } = write.body;
      return { todo: t('admin.decision.deleteUser.todo', { username }), done: t('admin.decision.deleteUser.done', { username }) };
    }
  }
}

/** Said while the decision waits on the device: it is kept, not done. */
const decisionSavedText = (write: DecisionWrite): string => t('admin.decision.saved', { todo: decisionWords(write).todo });

const decisionDoneText = (write: DecisionWrite): string => decisionWords(write).done;

/** Where the admin's latest decision stands, as the device knows it. */
export interface DecisionProgress {
  /** Its outbox row now; undefined once the server took it, or before the device's list of writes has caught up. */
  row: DecisionRow | undefined;
  /** Whether that list has shown the row: once it has, a missing row was sent. */
  seen: boolean;
  online: boolean;
}

/**
 * The confirmation of the admin's latest decision:
 * - waiting for a connection (offline, or a try already failed) or a login: saved to send later;
 * - sent, or on its way with a connection: done, as its row in the table already shows it;
 * - refused: nothing here, its row says why ("Already handled by River.").
 */
export function decisionStatusText(write: DecisionWrite, { row, seen, online }: DecisionProgress): string {
  if (row === undefined) return seen || online ? decisionDoneText(write) : decisionSavedText(write);
  if (row.status === 'failed') return '';
  const waiting = !online || row.status === 'needs-login' || (row.status === 'pending' && row.attempts > 0);
  return waiting ? decisionSavedText(write) : decisionDoneText(write);
}
