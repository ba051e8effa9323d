/*
 * Drafts kept in sessionStorage while their author goes to log in, so the words survive the trip
 * to /login and back (the tab's session only: nothing lingers on a shared device after it closes).
 * Storage can be missing or refuse (private modes); a lost draft is then the only cost.
 */

const PREFIX = 'allstall:draft:';

export function stashDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // No storage: the draft lives only as long as the screen.
  }
}

/** The stashed draft if it still has the expected shape (an older app version may have written it). */
export function readStashedDraft<T>(key: string, isDraft: (value: unknown) => value is T): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

export function dropStashedDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to drop.
  }
}

/** Drops every stashed draft: the person logged out, and their words go with them. */
export function dropEveryStashedDraft(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No storage, nothing kept.
  }
}
