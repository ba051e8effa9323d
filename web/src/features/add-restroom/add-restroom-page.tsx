import { useNavigate } from 'react-router-dom';
import { LoginPrompt } from '@/components/login-prompt';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AddRestroomScreen } from './add-restroom-screen';
import { bathroomsPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

/** /addbathroom — guests are asked to log in first (docs/product-rules.md#adding-a-restroom); Cancel takes them back to the list. */
export function AddRestroomPage() {
  const t = useT();
  useDocumentTitle(t('writes.add.documentTitle'));
  const { user, known } = useCurrentUser();
  const navigate = useNavigate();
  if (!known) return null;
  if (!user) {
    return (
      <section className="page page--narrow">
        <h1>{t('writes.add.title')}</h1>
        <LoginPrompt message={t('writes.add.loginPrompt')} onCancel={() => navigate(bathroomsPath)} />
      </section>
    );
  }
  // Keyed by person: someone else signing in on this tab starts afresh.
  return <AddRestroomScreen key={user.id} userId={user.id} isAdmin={user.is_admin} />;
}
