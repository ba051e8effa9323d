import { Link, Navigate } from 'react-router-dom';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { bathroomsPath, loginPath, registrationPath } from '@/lib/links/app-paths';
import { useT } from '@/lib/i18n/use-t';

/** /home — the guest landing page; people who are signed in go straight to the list. */
export function LandingPage() {
  useDocumentTitle('');
  const { user, known } = useCurrentUser();
  const t = useT();
  if (!known) return null;
  if (user) return <Navigate to={bathroomsPath} replace />;
  return (
    <section className="landing">
      <h1>{t('shell.tagline')}</h1>
      <p className="landing__lede">{t('landing.lede')}</p>
      <div className="landing__actions">
        <Link className="button button--primary button--wide" to={bathroomsPath}>
          {t('nav.findBathroom')}
        </Link>
        <Link className="button button--secondary button--wide" to={loginPath}>
          {t('shell.logIn')}
        </Link>
        <Link className="button button--quiet button--wide" to={registrationPath}>
          {t('shell.register')}
        </Link>
      </div>
    </section>
  );
}
