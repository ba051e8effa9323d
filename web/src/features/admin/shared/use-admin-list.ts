import type { TSchema } from 'typebox';
import {
  ContactItemsSchema,
  FlagReviewsSchema,
  PendingRestroomsSchema,
  RestroomListSchema,
  UserListSchema,
  type ContactItem,
  type FlagReview,
  type PendingRestroom,
  type Restroom,
  type User,
} from '@allstall/shared';
import { useClientConfig } from '@/hooks/use-client-config';
import { useT, type Translate } from '@/lib/i18n/use-t';
import { useDecisionStatus, type DecisionStatus } from './decision-status-line';
import { RESTROOM_DECISION_KINDS, type DecisionKind } from './queued-decisions';
import { useAdminQueue, type AdminQueue } from './use-admin-queue';
import { useQueuedDecisions, type QueuedDecisions } from './use-queued-decisions';
import { useRefreshWhenSettled } from './use-refresh-when-settled';

/** Each admin list's row, by the name it is kept under on the device. */
interface AdminListRows {
  pending: PendingRestroom;
  flags: FlagReview;
  users: User;
  contact: ContactItem;
  'all-restrooms': Restroom;
}

export type AdminListKind = keyof AdminListRows;

/** Where each list comes from, and the decisions about its rows the outbox may hold. */
const ADMIN_LISTS: { [K in AdminListKind]: { schema: TSchema; path: string; decisionKinds: readonly DecisionKind[] } } = {
  pending: { schema: PendingRestroomsSchema, path: '/api/admin/pending', decisionKinds: RESTROOM_DECISION_KINDS },
  flags: { schema: FlagReviewsSchema, path: '/api/flags', decisionKinds: ['flag-decision'] },
  users: { schema: UserListSchema, path: '/api/users', decisionKinds: ['user-role', 'user-delete'] },
  contact: { schema: ContactItemsSchema, path: '/api/contact', decisionKinds: ['contact-resolve'] },
  'all-restrooms': { schema: RestroomListSchema, path: '/api/bathrooms?all=1', decisionKinds: RESTROOM_DECISION_KINDS },
};

export interface AdminList<T> {
  t: Translate;
  /** The region's time zone, which the lists' dates are written in. */
  timeZone: string;
  queue: AdminQueue<T>;
  decisions: QueuedDecisions;
  status: DecisionStatus;
}

/**
 * What every admin list opens with: its rows (kept on the device, refreshed from the server), the
 * decisions about them still waiting in the outbox, a refresh once those are settled, and the line
 * that says what happened to the latest one.
 */
export function useAdminList<K extends AdminListKind>(kind: K): AdminList<AdminListRows[K]> {
  const t = useT();
  const { region } = useClientConfig();
  const list = ADMIN_LISTS[kind];
  const queue = useAdminQueue<AdminListRows[K]>(kind, list.schema, list.path);
  const decisions = useQueuedDecisions(list.decisionKinds);
  useRefreshWhenSettled(decisions, queue.refresh);
  const status = useDecisionStatus(decisions);
  return { t, timeZone: region.timeZone, queue, decisions, status };
}
