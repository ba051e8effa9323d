import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';

/** An honest placeholder for screens that arrive in a later update: says so, and offers a way on. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="page page--narrow coming-soon">
      <h1>{title}</h1>
      {children ?? <p>This screen arrives in a coming update.</p>}
      <p>
        <Link className="button button--primary" to="/bathrooms">
          Find a bathroom
        </Link>
      </p>
    </section>
  );
}
