import { restroomDecisionKind, type RestroomDecisionKind } from '@allstall/shared';
import type { OutboxRow } from '@/lib/outbox/outbox-types';
import { lastErrorText, writeStatusText } from '@/lib/outbox/describe-write';
import { t } from '@/lib/i18n/i18n';
import type { MessageId } from '@/lib/i18n/message-id';

/** The outbox kinds that are an admin's decision on one item of a queue. */
export type DecisionKind = 'restroom-decision' | 'restroom-delete' | 'flag-decision' | 'contact-resolve' | 'user-role' | 'user-delete';

export type DecisionRow = Extract<OutboxRow, { kind: DecisionKind }>;

/** A restroom's decisions, shown by both 'Approve Bathrooms' and /admin/editbathrooms. */
export const RESTROOM_DECISION_KINDS: readonly DecisionKind[] = ['restroom-decision', 'restroom-delete'];

const DECISION_KINDS: ReadonlySet<string> = new Set<DecisionKind>([
  'restroom-decision',
  'restroom-delete',
  'flag-decision',
  'contact-resolve',
  'user-role',
  'user-delete',
]);

function isDecisionRow(row: OutboxRow): row is DecisionRow {
  return DECISION_KINDS.has(row.kind);
}

/** The id of the queue item a decision is about: a restroom, a flag, a contact message or a user. */
function decisionItemId(row: DecisionRow): string {
  switch (row.kind) {
    case 'restroom-decision':
    case 'restroom-delete':
      return row.body.restroom_id;
    case 'flag-decision':
      return row.body.flag_id;
    case 'contact-resolve':
      return row.body.contact_id;
    case 'user-role':
    case 'user-delete':
      return row.body.user_id;
  }
}

const RESTROOM_DECISION_DONE: Readonly<Record<RestroomDecisionKind, MessageId>> = {
  approve: 'admin.decided.approved',
  reject: 'admin.decided.rejected',
  remove: 'admin.decided.removed',
  show: 'admin.decided.shown',
  edit: 'admin.decided.edited',
};

/** What the decision did to the item, as its row in the table says it: "Approved", "Deleted", ... */
function decisionVerb(row: DecisionRow): MessageId {
  switch (row.kind) {
    case 'restroom-decision':
      return RESTROOM_DECISION_DONE[restroomDecisionKind(row.body.decision)];
    case 'restroom-delete':
      return 'admin.decided.deleted';
    case 'user-delete':
      return 'admin.decided.userDeleted';
    case 'flag-decision':
      return row.body.decision.status === 'approved' ? 'admin.decided.suggestionsApproved' : 'admin.decided.suggestionsRejected';
    case 'contact-resolve':
      return 'admin.decided.resolved';
    case 'user-role':
      return row.body.is_admin ? 'admin.decided.madeAdmin' : 'admin.decided.adminRemoved';
  }
}

/**
 * The line a table row shows for a decision still on the device: "Approved — Not sent yet" while it
 * waits, and the server's own words when it was refused ("Already handled by River.").
 */
export function decisionNote(row: DecisionRow): string {
  if (row.status === 'failed') return lastErrorText(row) ?? writeStatusText(row);
  return t('admin.decided.note', { verb: t(decisionVerb(row)), status: writeStatusText(row) });
}

/**
 * Each item's decisions still in the outbox, oldest first, for the given kinds and the given admin
 * (rows another person left on this device are theirs alone).
 */
export function decisionsByItem(rows: readonly OutboxRow[], kinds: readonly DecisionKind[], userId: string | null): Map<string, DecisionRow[]> {
  const byItem = new Map<string, DecisionRow[]>();
  for (const row of rows) {
    if (row.userId !== userId || !isDecisionRow(row) || !kinds.includes(row.kind)) continue;
    const id = decisionItemId(row);
    byItem.set(id, [...(byItem.get(id) ?? []), row]);
  }
  return byItem;
}

/** What the decision names its item by, kept in the write for when the item is gone from the lists. */
export function decisionItemName(row: DecisionRow): string {
  switch (row.kind) {
    case 'restroom-decision':
    case 'restroom-delete':
    case 'flag-decision':
      return row.body.name;
    case 'contact-resolve':
      return row.body.excerpt;
    case 'user-role':
    case 'user-delete':
      return row.body.username;
  }
}
