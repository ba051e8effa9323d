import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="page page--narrow not-found">
      <h1>404: Page not found</h1>
      <p>There's nothing at this address.</p>
      <p>
        <Link className="button button--primary" to="/bathrooms">
          Find a bathroom
        </Link>
      </p>
    </section>
  );
}
