import type { WriteProblem } from '@allstall/shared';
import type { OutboxWrite } from '../outbox/outbox-types';

/**
 * A form's draft made into the write it would queue, or what keeps it from going: the server's own
 * check, run on the device first. Each form has one such check, used both for a new write and for
 * the fix of a refused one, so the two cannot drift apart.
 */
export type CheckedWrite = { write: OutboxWrite; problem: null } | { write: null; problem: WriteProblem };

export function checkedWrite(write: OutboxWrite, problem: WriteProblem | null): CheckedWrite {
  return problem ? { write: null, problem } : { write, problem: null };
}
