import { useState, type ComponentType } from 'react';
import { Spinner } from '../components/spinner';
import { lazyWithRetry } from '../lib/device/import-with-retry';
import { loadMessagePart } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/use-t';

const screenLoads: Array<() => Promise<unknown>> = [];

/**
 * A screen whose code is fetched when it is first shown, so the first load of /bathrooms carries only
 * the list. The service worker precaches every chunk, so this works offline too.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let fetched: ComponentType<P> | null = null;
  // A screen speaks with the messages beyond the first screen's: they arrive with its code.
  const fetch = () => Promise.all([load(), loadMessagePart('more')]).then(([screen]) => (fetched = screen));
  screenLoads.push(fetch);
  const Lazy = lazyWithRetry(fetch, ScreenUnavailable, 'screen');
  return function LazyScreen(props: P) {
    // Code already fetched renders at once rather than suspending; chosen once, so a screen that
    // was waiting is not remounted when its code arrives.
    const [Screen] = useState<ComponentType<P>>(() => fetched ?? Lazy);
    return <Screen {...props} />;
  };
}

/** An admin screen: its code and the admin screens' messages (in the active language) arrive together. */
export function adminScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazyScreen(() => Promise.all([load(), loadMessagePart('admin')]).then(([screen]) => screen));
}

/** Fetches the code of every lazily loaded screen now, so none of them waits when shown (component tests). */
export async function loadEveryScreen(): Promise<void> {
  await Promise.all(screenLoads.map((load) => load()));
}

/** Shown in the main area while a screen's code arrives. */
export function ScreenLoading() {
  const t = useT();
  return <Spinner label={t('shell.loading')} />;
}

/** Said instead of a crash when a screen's code cannot be fetched (an update mid-way, no signal). */
function ScreenUnavailable() {
  const t = useT();
  return (
    <section className="page">
      <div className="notice notice--problem" role="alert">
        <h1>{t('shell.screenUnavailableTitle')}</h1>
        <p>{t('shell.screenUnavailableText')}</p>
      </div>
    </section>
  );
}
