import { useEffect, useId, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { navigationKeepsFocus, type KeepFocusState } from '@/lib/links/navigation-focus';
import { ApproveTab } from './approve/approve-tab';
import { FeedbackTab } from './feedback/feedback-tab';
import { FlaggedTab } from './flagged/flagged-tab';
import { TabList, type TabItem } from './tab-list';
import { UsersTab } from './users/users-tab';
import { useT } from '@/lib/i18n/use-t';
import { adminPath, adminCommentsPath, adminUsersPath, adminFlaggedPath } from '@/lib/links/app-paths';
import { OtherAdminPages } from './shared/admin-pages-nav';

export type AdminTabKey = 'approve' | 'flagged' | 'feedback' | 'users';

// Labels are message ids, said in the active language when drawn.
const TABS: ReadonlyArray<TabItem<AdminTabKey> & { path: string; panel: () => ReactNode }> = [
  { key: 'approve', label: 'admin.tab.approve', path: adminPath, panel: () => <ApproveTab /> },
  { key: 'flagged', label: 'admin.tab.flagged', path: adminFlaggedPath, panel: () => <FlaggedTab /> },
  // The spec's own routes for these two.
  { key: 'feedback', label: 'admin.tab.feedback', path: adminCommentsPath, panel: () => <FeedbackTab /> },
  { key: 'users', label: 'admin.tab.users', path: adminUsersPath, panel: () => <UsersTab /> },
];

function tabOfParam(param: string | null): AdminTabKey {
  return TABS.find((tab) => tab.key === param)?.key ?? 'approve';
}

/**
 * /admin and its tabs (docs/product-rules.md#admin-screens; default 'approve'). Each tab has its own address — /admin,
 * /admin?tab=flagged, /admin/comments, /admin/users — so a reload or a shared link opens it; `tab`
 * is given by the routes that name one.
 */
export function AdminPage({ tab }: { tab?: AdminTabKey }) {
  const t = useT();
  useDocumentTitle(t('admin.title'));
  const id = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const selected = tab ?? tabOfParam(params.get('tab'));
  const tabId = (key: AdminTabKey) => `${id}-tab-${key}`;
  const panelId = (key: AdminTabKey) => `${id}-panel-${key}`;
  const current = TABS.find((item) => item.key === selected) ?? TABS[0];
  const focusTab = navigationKeepsFocus(location.state);

  const selectedTabId = tabId(selected);

  // A tab with its own route is a new page: the focus the arrow keys left on its tab is restored.
  useEffect(() => {
    if (focusTab) document.getElementById(selectedTabId)?.focus();
  }, [location.key, focusTab, selectedTabId]);

  const select = (key: AdminTabKey) => {
    const target = TABS.find((item) => item.key === key);
    if (!target || key === selected) return;
    const state: KeepFocusState = { keepFocus: document.activeElement?.getAttribute('role') === 'tab' };
    void navigate(target.path, { replace: true, state });
  };

  return (
    <section className="page admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('admin.title')}</h1>
      <OtherAdminPages />
      <TabList label={t('admin.tabs.label')} tabs={TABS} selected={selected} tabId={tabId} panelId={panelId} onSelect={select} />
      {current && (
        <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0} className="admin-panel">
          {current.panel()}
        </div>
      )}
    </section>
  );
}
