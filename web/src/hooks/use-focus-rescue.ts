import { useCallback, useLayoutEffect, useRef, type RefCallback } from 'react';

/** Where keyboard focus goes when the element that held it is gone; read at that moment. */
export type FocusFallback = () => HTMLElement | null | undefined;

/** Focuses the fallback's element, if there is one and it is on the page. */
export function focusFallback(fallback: FocusFallback | undefined): void {
  const target = fallback?.();
  if (target?.isConnected) target.focus();
}

/**
 * A ref for an element that can leave the page while it holds keyboard focus: a Discard button
 * whose write is gone, an Edit button a saved fix no longer offers. Focus then moves to `fallback`
 * instead of dropping to <body>. React runs a ref's cleanup before it detaches the element, so the
 * focus is still there to see.
 */
export function useFocusRescue(fallback: FocusFallback | undefined): RefCallback<HTMLElement> {
  const latest = useRef(fallback);
  useLayoutEffect(() => {
    latest.current = fallback;
  });
  return useCallback((node: HTMLElement | null) => {
    if (!node) return;
    return () => {
      if (node.contains(document.activeElement)) focusFallback(latest.current);
    };
  }, []);
}
