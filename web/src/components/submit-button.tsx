import type { ReactNode } from 'react';

/**
 * A form's primary button that says when it is working. aria-disabled rather than disabled: a
 * disabled button drops keyboard focus to the page, and sending can take a while on a weak signal.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button--primary"
      aria-disabled={busy || undefined}
      aria-busy={busy}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
