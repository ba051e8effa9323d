import { useClientConfig } from '../../hooks/use-client-config';
import { useT } from '../../lib/i18n/use-t';

export function SiteFooter() {
  const { authorName } = useClientConfig();
  const t = useT();
  // A string, so the year is never grouped like a number ("2,026").
  const year = String(new Date().getFullYear());
  return (
    <footer className="site-footer">
      {/* The author is known once the server has been reached; a first offline start shows the product instead. */}
      <p>{t('shell.footer', { year, name: authorName || 'allstall' })}</p>
    </footer>
  );
}
