/*
 * The first screen's rows go first (docs/performance.md#issue-39-a-first-visit-on-a-poor-signal).
 * On a first visit over a thin link the person came for the nearest restrooms, which the list and
 * the map show from one small nearby answer; measured on one bar, that answer shared the link with
 * everything else the app fetched as it started (the menu's code and words, the filters dialog, the
 * answers' contract checker, the service worker and its precache, the column index's worker, the
 * first sync's worker and index) and came 2.6 s after it was asked for, where alone it takes 0.5 s.
 * Those downloads wait here until the first screen has shown what it came for, or the ceiling has
 * passed, whichever is first. Every screen but the restrooms' opens the gate as it starts, so
 * nothing waits there, nor on a device that already holds the restrooms.
 */

/** However long the first rows take, nothing waits longer than this after the app started. */
const CEILING_MS = 5000;

export interface FirstRowsGate {
  /** The first screen has what it came for (or never will): what waited goes now. Idempotent. */
  open(): void;
  /** Resolves once the gate is open. */
  opened(): Promise<void>;
  readonly isOpen: boolean;
}

export function createFirstRowsGate(ceilingMs: number = CEILING_MS, setTimer: (run: () => void, ms: number) => unknown = setTimeout): FirstRowsGate {
  let isOpen = false;
  let release = () => undefined as void;
  const whenOpen = new Promise<void>((resolve) => {
    release = resolve;
  });
  const open = () => {
    if (isOpen) return;
    isOpen = true;
    release();
  };
  setTimer(open, ceilingMs);
  return {
    open,
    opened: () => whenOpen,
    get isOpen() {
      return isOpen;
    },
  };
}

/** The page's gate, from the app's start. */
export const firstRows = createFirstRowsGate();

/** `load` once the first screen's rows are shown: for a lazy import that nobody needs before them. */
export function afterFirstRows<T>(load: () => Promise<T>): Promise<T> {
  return firstRows.opened().then(load);
}
