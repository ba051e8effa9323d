import { useFetchedClientConfig } from '@/hooks/use-client-config';
import { useNow } from '@/hooks/use-now';
import { useT } from '@/lib/i18n/use-t';

// Holds the line's height while the author is unknown, so nothing below it moves when it appears.
const EMPTY_LINE = '\u00a0';

/**
 * The copyright line, with the deployment's author. The name is the configured one or none: until the
 * device has read its kept copy of the settings (a moment after start), and on a first offline start
 * before the server was ever reached, the line stays empty rather than name someone else.
 */
export function SiteFooter() {
  const config = useFetchedClientConfig();
  const t = useT();
  const now = useNow();
  // A string, so the year is never grouped like a number ("2,026").
  const year = String(now.getFullYear());
  // A deployment configured with an empty name still gets a line: the product's.
  const name = config === null ? null : config.authorName || 'allstall';
  return (
    <footer className="site-footer">
      <p>{name === null ? EMPTY_LINE : t('shell.footer', { year, name })}</p>
    </footer>
  );
}
