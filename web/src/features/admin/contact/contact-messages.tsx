import type { ContactItem } from '@allstall/shared';
import { AdminListStatus } from '../shared/admin-list-status';
import { contactExcerpt, ContactMessagesTable, type ContactColumns } from './contact-messages-table';
import { DecisionStatusLine } from '../shared/decision-status-line';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { useAdminList } from '../shared/use-admin-list';
import { useQueueDecision } from '../shared/use-queue-decision';

/**
 * The messages sent through 'Contact Us!', kept on the device for offline work, each resolvable:
 * the Feedback tab and /admin/contact both show this, with their own caption and columns.
 */
export function ContactMessages({ caption, columns }: { caption: string; columns: ContactColumns }) {
  const { t, timeZone, queue, decisions, status } = useAdminList('contact');
  // Decisions about messages the list no longer holds still show, in the table.
  const decidedHere = decisions.byItem.size > 0;
  const queueDecision = useQueueDecision(status.reports);
  const resolve = (item: ContactItem) =>
    void queueDecision({ kind: 'contact-resolve', body: { contact_id: item.id, excerpt: contactExcerpt(item.details) } });

  return (
    <div className="admin-list">
      <AdminListStatus queue={queue} noun="messages" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      <DecisionStatusLine status={status}>
        {queue.rows?.length === 0 && !decidedHere && <p className="admin-queue-line">{t('admin.contact.empty')}</p>}
        {queue.rows !== undefined && (queue.rows.length > 0 || decidedHere) && (
          <ContactMessagesTable
            caption={caption}
            columns={columns}
            items={queue.rows}
            decisions={decisions}
            timeZone={timeZone}
            onResolve={resolve}
          />
        )}
      </DecisionStatusLine>
    </div>
  );
}
