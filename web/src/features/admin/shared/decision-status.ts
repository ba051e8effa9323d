import { restroomDecisionKind } from '@allstall/shared';
import type { OutboxWrite } from '../../../lib/outbox/outbox-types';
import type { DecisionKind, DecisionRow } from './queued-decisions';

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
          return { todo: `Approve ${name}`, done: `Approved ${name}.` };
        case 'reject':
          return { todo: `Reject ${name}`, done: `Rejected ${name}.` };
        case 'edit':
          return { todo: `Save changes to ${name}`, done: `Saved changes to ${name}.` };
        case 'remove':
          return { todo: `Remove ${name} from display`, done: `Removed ${name} from display.` };
        case 'show':
          return { todo: `Show ${name} again`, done: `${name} is shown again.` };
      }
      break;
    }
    case 'restroom-delete':
      return { todo: `Delete ${write.body.name}`, done: `Deleted ${write.body.name}.` };
    case 'flag-decision':
      return write.body.decision.status === 'approved'
        ? { todo: `Approve the suggested edits to ${write.body.name}`, done: `Approved the suggested edits to ${write.body.name}.` }
        : { todo: `Reject the suggestions for ${write.body.name}`, done: `Rejected the suggestions for ${write.body.name}.` };
    case 'contact-resolve':
      return { todo: `Mark “${write.body.excerpt}” as resolved`, done: `Resolved “${write.body.excerpt}”.` };
    case 'user-role':
      return write.body.is_admin
        ? { todo: `Make ${write.body.username} an admin`, done: `${write.body.username} is now an admin.` }
        : { todo: `Remove ${write.body.username} as admin`, done: `${write.body.username} is no longer an admin.` };
    case 'user-delete':
      return { todo: `Delete ${write.body.username}`, done: `Deleted ${write.body.username}.` };
  }
}

/** Said while the decision waits on the device: it is kept, not done. */
export const decisionSavedText = (write: DecisionWrite): string => `Saved to send later: ${decisionWords(write).todo}.`;

export const decisionDoneText = (write: DecisionWrite): string => decisionWords(write).done;

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
