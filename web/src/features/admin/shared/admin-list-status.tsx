import { Spinner } from '@/components/spinner';
import { useClientConfig } from '@/hooks/use-client-config';
import { useIntlLocale, useLocale, useT } from '@/lib/i18n/use-t';
import { adminDateText } from './admin-date';
import type { AdminQueue } from './use-admin-queue';

/** What an admin list holds; each language names it in its own words ("bathrooms", "baños"). */
type AdminListNoun = 'restrooms' | 'flags' | 'messages' | 'users';

interface AdminListStatusProps {
  queue: Pick<AdminQueue<unknown>, 'rows' | 'fetchedAt' | 'state' | 'refresh'>;
  /** What the list holds, for the loading line: "messages", "users". */
  noun: AdminListNoun;
}

/**
 * The line above an admin list that says where its rows come from: still loading, the copy kept on
 * this device while offline, or 'Oh no!' when the server would not give it
 * (docs/product-rules.md#exact-wording), with a way to try again. Nothing while the list is fresh.
 */
export function AdminListStatus({ queue, noun }: AdminListStatusProps) {
  const t = useT();
  const locale = useLocale();
  const intlLocale = useIntlLocale();
  const { region } = useClientConfig();
  const { rows, fetchedAt, state } = queue;
  if (state === 'loading') return rows === undefined ? <Spinner label={t('admin.list.loading', { noun })} /> : null;
  if (state === 'offline') {
    return (
      <p className="admin-queue-line" role="status">
        {rows === undefined || fetchedAt === null
          ? t('admin.list.offlineNothingKept', { noun })
          : t('admin.list.offlineKept', { noun, date: adminDateText(new Date(fetchedAt).toISOString(), region.timeZone, locale, intlLocale) })}
      </p>
    );
  }
  if (state === 'error') {
    return (
      <div className="admin-queue-line admin-queue-line--error" role="alert">
        <p>
          <strong>{t('writes.alert.ohNo')}</strong> {t('writes.alert.somethingWentWrong')}
        </p>
        <button type="button" className="button button--secondary button--small" onClick={() => void queue.refresh()}>
          {t('admin.list.tryAgain')}
        </button>
      </div>
    );
  }
  return null;
}
