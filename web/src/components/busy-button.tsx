import type { ReactNode } from 'react';

/**
 * A button that starts a long job and says while it runs. aria-disabled rather than disabled, as
 * SubmitButton does: focus stays on it, and a press while busy does nothing.
 */
export function BusyButton({ busy, onClick, className = 'button button--primary', children }: { busy: boolean; onClick: () => void; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={className}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {children}
    </button>
  );
}
