import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** sessionStorage key: positions outlive a reload of the tab, as the browser's own restoration would. */
const STORAGE_KEY = 'allstall-scroll-positions';

type Positions = Record<string, number>;

function storedPositions(): Positions {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Positions) : {};
  } catch {
    return {};
  }
}

/**
 * Back and Forward return to where the page was scrolled on that history entry; any other
 * navigation starts at the top, or at the element its #hash names. This is what React Router's
 * <ScrollRestoration> does for its data routers; the app uses the declarative router, a third of
 * the size, so it keeps its own. Used once, above every layout, so a change of layout forgets nothing.
 */
export function useScrollRestoration() {
  const location = useLocation();
  // One object for the app's lifetime, filled in as the person scrolls.
  const [positions] = useState(storedPositions);
  const shownKey = useRef(location.key);

  useEffect(() => {
    // Recorded as the person scrolls: by the time a navigation renders, the old screen is gone and
    // the page may be too short to still be scrolled where it was.
    const remember = () => {
      positions[shownKey.current] = window.scrollY;
    };
    const save = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: Back still works within this page load.
      }
      window.history.scrollRestoration = 'auto';
    };
    // The browser restoring on its own would jump before the screen it belongs to has rendered.
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions[location.key];
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeHash(location.hash)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, positions]);
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
