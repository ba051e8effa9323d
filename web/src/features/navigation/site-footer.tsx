import { useClientConfig } from '../../hooks/use-client-config';

export function SiteFooter() {
  const { authorName } = useClientConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      {/* The author is known once the server has been reached; a first offline start shows the product instead. */}
      <p>
        © {year} {authorName || 'allstall'}
      </p>
    </footer>
  );
}
