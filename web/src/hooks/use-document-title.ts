import { useEffect } from 'react';
import { useT } from '../lib/i18n/use-t';

/**
 * Each screen names the tab and the home-screen switcher entry; screen readers announce it on
 * navigation. `title` is already in the active language (the screen's own `t()`); '' names the app.
 */
export function useDocumentTitle(title: string): void {
  const t = useT();
  useEffect(() => {
    document.title = title ? t('documentTitle.screen', { title }) : t('documentTitle.home');
  }, [title, t]);
}
