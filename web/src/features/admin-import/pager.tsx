import { useT } from '@/lib/i18n/use-t';

/**
 * Previous and Next under a table shown a page at a time, with which page this is. Nothing when
 * everything fits on one page.
 */
export function Pager({ page, pages, label, onPage }: { page: number; pages: number; label: string; onPage: (page: number) => void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('adminImport.pager.previous')}
      </button>
      <span className="pager__where" aria-live="polite">
        {t('adminImport.pager.where', { page, pages })}
      </span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('adminImport.pager.next')}
      </button>
    </nav>
  );
}
