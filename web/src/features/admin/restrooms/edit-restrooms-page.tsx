import { useId, useMemo, useState } from 'react';
import { RESTROOM_FILTER_MAX_LENGTH } from '@allstall/shared';
import { BusyButton } from '@/components/busy-button';
import { TextField } from '@/components/text-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminEditRestroomsPath } from '@/lib/links/app-paths';
import type { Translate } from '@/lib/i18n/use-t';
import { BackToAdmin, OtherAdminPages } from '../shared/admin-pages-nav';
import { AdminListStatus } from '../shared/admin-list-status';
import { AllRestroomsTable } from './all-restrooms-table';
import { DecisionStatusLine } from '../shared/decision-status-line';
import { OfflineDecisionsNote } from '../shared/offline-decisions-note';
import { ALL_RESTROOMS_SHOWN_MAX, filterRestrooms } from './restroom-filter';
import { useAdminList } from '../shared/use-admin-list';

/**
 * /admin/editbathrooms: every restroom, whatever its state, kept on the device and filtered there
 * ('Enter name, id'), so the admin can work through it offline; 'Load all bathrooms' loads it again.
 */
export function EditRestroomsPage() {
  const { t, queue, decisions, status } = useAdminList('all-restrooms');
  useDocumentTitle(t('admin.link.editRestrooms'));
  const id = useId();
  const [filter, setFilter] = useState('');
  const loaded = queue.rows;
  const matching = useMemo(() => (loaded ? filterRestrooms(loaded, filter) : []), [loaded, filter]);
  const loadedIds = useMemo(() => new Set(loaded?.map((restroom) => restroom.id)), [loaded]);
  const shown = matching.slice(0, ALL_RESTROOMS_SHOWN_MAX);
  const loading = queue.state === 'loading';

  return (
    <section className="page admin-page" aria-labelledby={`${id}-title`}>
      <BackToAdmin />
      <h1 id={`${id}-title`}>{t('admin.link.editRestrooms')}</h1>
      <OtherAdminPages current={adminEditRestroomsPath} />
      <div className="admin-toolbar">
        <TextField
          id={`${id}-filter`}
          label={t('admin.restrooms.filter')}
          labelHidden
          placeholder={t('admin.restrooms.filter')}
          value={filter}
          maxLength={RESTROOM_FILTER_MAX_LENGTH}
          onChange={setFilter}
        />
        <BusyButton busy={loading} onClick={() => void queue.refresh()}>
          {loading ? t('admin.restrooms.loading') : t('admin.restrooms.load')}
        </BusyButton>
      </div>
      <AdminListStatus queue={queue} noun="restrooms" />
      <OfflineDecisionsNote decisions={decisions} state={queue.state} />
      {loaded !== undefined && (
        <p className="admin-queue-line" role="status">
          {matchLine(t, loaded.length, matching.length, shown.length)}
        </p>
      )}
      <DecisionStatusLine status={status}>
        {loaded !== undefined && (shown.length > 0 || decisions.byItem.size > 0) && (
          <AllRestroomsTable restrooms={shown} loadedIds={loadedIds} decisions={decisions} />
        )}
      </DecisionStatusLine>
    </section>
  );
}

/** "3 of 120 bathrooms", or how many are drawn when the filter leaves too many. */
function matchLine(t: Translate, total: number, matching: number, shown: number): string {
  if (total === 0) return t('admin.restrooms.noneYet');
  if (matching === 0) return t('admin.restrooms.noMatch');
  if (shown < matching) return t('admin.restrooms.showingFirst', { shown, matching });
  return matching === total ? t('admin.restrooms.count', { total }) : t('admin.restrooms.matching', { matching, total });
}
