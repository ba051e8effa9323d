import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser download cannot work on a machine without internet. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A phone as a browser profile on disk (`userDataDir`, fresh) rather than a context in memory: what
 * only a profile on disk does, such as enforcing a quota set by DevTools (Storage.overrideQuotaForOrigin),
 * which Chromium leaves out of its in-memory contexts.
 */
export async function launchPhoneProfile(userDataDir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: PHONE_VIEWPORT,
    serviceWorkers: 'allow',
  });
  context.setDefaultTimeout(E2E_WAIT_MS);
  context.setDefaultNavigationTimeout(E2E_WAIT_MS);
  return context;
}

/**
 * Playwright's ceiling for every wait, click and navigation. Its 30 s default is overrun on a busy CI
 * machine by the first sync and service worker install; a wait returns as soon as its condition holds.
 */
export const E2E_WAIT_MS = 90_000;

/** The phone every e2e file uses unless it says otherwise. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * A phone-sized context with service workers allowed (the default, stated because the tests rely on
 * it); `locale` sets the browser's languages, `colorScheme` the system's theme, `viewport` a smaller
 * or larger screen.
 */
export async function newPhoneContext(
  browser: Browser,
  { locale, colorScheme, viewport = PHONE_VIEWPORT }: { locale?: string; colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow', locale, colorScheme });
  context.setDefaultTimeout(E2E_WAIT_MS);
  context.setDefaultNavigationTimeout(E2E_WAIT_MS);
  return context;
}

/**
 * Cuts the network for the page AND its service worker: every request is aborted as a dropped
 * connection would be. `context.setOffline` alone would not reach the service worker's own fetches,
 * but it is set too, so pages see `navigator.onLine` false and get the `online` event on the way back
 * as on a real phone. Returns a counter of aborted requests, so a test can prove the network was asked.
 */
export async function goOffline(context: BrowserContext): Promise<{ aborted: () => number }> {
  await context.setOffline(true);
  let aborted = 0;
  await context.route('**/*', async (route) => {
    aborted++;
    await route.abort('internetdisconnected');
  });
  return { aborted: () => aborted };
}

/**
 * A slow phone connection: every request of the context, its pages' and its service worker's alike,
 * waits `latencyMs` before it goes out. `goOffline` still cuts it, its refusal being set up later.
 */
export async function slowConnection(context: BrowserContext, latencyMs: number): Promise<void> {
  await context.route('**/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    await route.fallback();
  });
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/** One Content-Security-Policy refusal, as the page's `securitypolicyviolation` event told it. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
}

/**
 * Records every CSP refusal in every page of the context, so a test can prove the app runs whole
 * under the server's policy. TypeBox probes once whether it may compile checks with `new Function`
 * and falls back to interpreting them when refused; that one probe is expected, not a breakage.
 */
export async function watchCspViolations(context: BrowserContext): Promise<() => CspViolation[]> {
  const seen: CspViolation[] = [];
  await context.exposeBinding('__allstallCspViolation', (_source, violation: CspViolation) => {
    seen.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __allstallCspViolation: (violation: CspViolation) => void }).__allstallCspViolation;
      report({ page: location.pathname, directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  return () => seen.filter((violation) => !(violation.directive === 'script-src' && violation.blocked === 'eval'));
}
