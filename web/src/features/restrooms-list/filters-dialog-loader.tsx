import { Suspense, type ComponentType } from 'react';
import { MessageDialog } from '@/components/message-dialog';
import { loadMessagePart } from '@/lib/i18n/i18n';
import { lazyWithRetry } from '@/lib/device/import-with-retry';
import { useT } from '@/lib/i18n/use-t';
import type { FiltersDialogProps } from './filters-dialog';

let filtersDialogLoad: Promise<ComponentType<FiltersDialogProps>> | null = null;

/**
 * The Filters dialog (with its legend of the icons) is fetched beside the first screen rather than
 * in it, as the drawer is: nobody filters before the first pins, and the first download has a
 * budget (docs/performance.md). The page asks for it as it first shows, so a tap rarely waits; a
 * failed fetch is forgotten so the next try fetches again.
 */
export function preloadFiltersDialog(): Promise<ComponentType<FiltersDialogProps>> {
  filtersDialogLoad ??= Promise.all([import('./filters-dialog'), loadMessagePart('more')])
    .then(([module]) => module.FiltersDialog)
    .catch((error: unknown) => {
      filtersDialogLoad = null;
      throw error;
    });
  return filtersDialogLoad;
}

const LazyFiltersDialog = lazyWithRetry<FiltersDialogProps>(preloadFiltersDialog, FiltersUnavailable, 'filters');

/** The Filters dialog once its code is here; nothing meanwhile (it is a dialog over the page, not a part of it). */
export function FiltersDialogLoader(props: FiltersDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyFiltersDialog {...props} />
    </Suspense>
  );
}

/** Said instead of the dialog when its code cannot be fetched (an update mid-way, no signal). */
function FiltersUnavailable({ onCancel }: FiltersDialogProps) {
  const t = useT();
  return (
    <MessageDialog icon="error" title={t('filters.unavailableTitle')} text={<p>{t('filters.unavailableText')}</p>} onCancel={onCancel}>
      <button type="button" className="button button--primary" onClick={onCancel}>
        {t('dialog.ok')}
      </button>
    </MessageDialog>
  );
}
