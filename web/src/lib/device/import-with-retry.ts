import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** docs/product-rules.md#loading: loading a chunk of code is tried again up to 3 times, waiting attempt × 2^attempt ms. */
export const LAZY_LOAD_RETRIES = 3;

/** `load` (a dynamic import), tried again after a failure; the last failure is thrown. */
export async function importWithRetry<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt > LAZY_LOAD_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 2 ** attempt));
    }
  }
}

/**
 * The component `load` brings, tried as `importWithRetry` does; `unavailable` when every try failed
 * (an update mid-way, no signal), so the screen says so instead of crashing.
 */
export async function loadComponentWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  unavailable: ComponentType<P>,
  what: string,
): Promise<{ default: ComponentType<P> }> {
  try {
    return { default: await importWithRetry(load) };
  } catch (error) {
    console.warn(`The ${what} code did not load`, error);
    return { default: unavailable };
  }
}

/** A component whose code is fetched when it first renders (inside a Suspense), as `loadComponentWithRetry` does. */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
  unavailable: ComponentType<P>,
  what: string,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadComponentWithRetry(load, unavailable, what));
}
