import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { bathroomsPath } from '../lib/links/app-paths';
import { useT } from '../lib/i18n/use-t';

/**
 * A short page that says one thing and offers a way on: the honest placeholder for screens that
 * arrive in a later update (its default text), and the 404 page.
 */
export function NoticePage({ title, children }: { title: string; children?: React.ReactNode }) {
  useDocumentTitle(title);
  const t = useT();
  return (
    <section className="page page--narrow notice-page">
      <h1>{title}</h1>
      {children ?? <p>{t('notice.comingUpdate')}</p>}
      <p>
        <Link className="button button--primary" to={bathroomsPath}>
          {t('nav.findBathroom')}
        </Link>
      </p>
    </section>
  );
}
