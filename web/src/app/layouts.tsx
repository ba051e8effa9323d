import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { navigationKeepsFocus } from '../lib/links/navigation-focus';
import { BrandLink } from '../features/navigation/brand-link';
import { SiteFooter } from '../features/navigation/site-footer';
import { TopBar } from '../features/navigation/top-bar';
import { ScreenLoading } from './lazy-screen';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { useScrollRestoration } from './use-scroll-restoration';
import { landingPath } from '../lib/links/app-paths';
import { useT } from '../lib/i18n/use-t';

/** Moves focus to the new screen after in-app navigation, so keyboard and screen-reader users start at its top. */
function useFocusMainOnNavigate() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, state } = useLocation();
  const keepFocus = navigationKeepsFocus(state);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!keepFocus) mainRef.current?.focus({ preventScroll: true });
    // Only a new screen moves the focus; `keepFocus` is read as it was for that navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return mainRef;
}

function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t('shell.skipToContent')}
    </a>
  );
}

/** What every layout shares: skip link, one focusable main that receives focus on navigation, footer. */
function LayoutFrame({ className, header }: { className: string; header: React.ReactNode }) {
  const mainRef = useFocusMainOnNavigate();
  const { key } = useLocation();
  return (
    <div className={className}>
      <SkipLink />
      {header}
      <main id="main" ref={mainRef} tabIndex={-1}>
        <ScreenErrorBoundary resetKey={key}>
          <Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Above both layouts: what must not start over when the layout changes. */
export function RootLayout() {
  useScrollRestoration();
  return <Outlet />;
}

/** Every screen with the navigation bar. */
export function ShellLayout() {
  return <LayoutFrame className="shell" header={<TopBar />} />;
}

/** Landing, login and registration: no navigation bar (docs/product-rules.md#screens-and-routes), only the title linking to the list. */
export function BareLayout() {
  // The landing page's headline is the tagline itself; saying it twice looks like a mistake.
  const showTagline = useLocation().pathname !== landingPath;
  const header = (
    <header className="bare-header">
      <BrandLink tagline={showTagline} />
    </header>
  );
  return <LayoutFrame className="shell shell--bare" header={header} />;
}
