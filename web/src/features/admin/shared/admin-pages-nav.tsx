import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '@/components/icons';
import { adminAddRestroomsPath, adminContactPath, adminEditRestroomsPath, adminPath, apiToolsPath } from '@/lib/links/app-paths';
import type { MessageId } from '@/lib/i18n/message-id';
import { useT } from '@/lib/i18n/use-t';

const ADMIN_PAGES: ReadonlyArray<{ to: string; label: MessageId }> = [
  { to: adminEditRestroomsPath, label: 'admin.link.editRestrooms' },
  { to: adminAddRestroomsPath, label: 'admin.link.addRestrooms' },
  { to: adminContactPath, label: 'admin.link.contact' },
  { to: apiToolsPath, label: 'admin.link.apiTools' },
];

/** The admin pages besides /admin and `current` (the page showing it), as /admin lists them under its title. */
export function OtherAdminPages({ current }: { current?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('admin.otherPages')}>
      <ul className="admin-page__links">
        {ADMIN_PAGES.filter((page) => page.to !== current).map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{t(page.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 'Back to admin', above the title of an admin page of its own: the way back to the tabs. */
export function BackToAdmin() {
  const t = useT();
  return (
    <p className="admin-back">
      <Link className="button button--quiet button--small" to={adminPath}>
        <ArrowLeftIcon size={20} />
        {t('admin.backToAdmin')}
      </Link>
    </p>
  );
}
