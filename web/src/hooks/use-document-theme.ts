import { useSyncExternalStore } from 'react';
import type { Theme } from '../lib/settings/theme';

/*
 * The theme on <html data-theme> (lib/settings/theme.ts puts it there), for what the stylesheet cannot reach:
 * a map drawn on canvas picks its light or dark style by it.
 */

function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const themeNow = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

export function useDocumentTheme(): Theme {
  return useSyncExternalStore(subscribe, themeNow, () => 'light');
}
