import { contactProblem } from '@allstall/shared';
import { checkedWrite, type CheckedWrite } from '@/lib/api/checked-write';

/** The message the contact form queues (without the spaces around it), or what is wrong with it. */
export function checkContactDraft(details: string): CheckedWrite {
  const body = { details: details.trim() };
  return checkedWrite({ kind: 'contact', body }, contactProblem(body));
}
