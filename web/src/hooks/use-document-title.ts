import { useEffect } from 'react';

/** Each screen names the tab and the home-screen switcher entry; screen readers announce it on navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · allstall` : 'allstall · Pee in peace.';
  }, [title]);
}
