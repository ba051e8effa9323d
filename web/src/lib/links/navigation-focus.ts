/**
 * Router state of a navigation whose screen places the focus itself, so the layout does not move it
 * to the top of the page: a tab that has its own address keeps the focus on the tab the arrow keys
 * moved to.
 */
export interface KeepFocusState {
  keepFocus?: boolean;
}

export function navigationKeepsFocus(state: unknown): boolean {
  return (state as KeepFocusState | null)?.keepFocus === true;
}
