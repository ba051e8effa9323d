import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * 'Hey, stranger.': asks a guest to log in before something that needs an account. A native modal
 * <dialog> gives focus trapping, Escape and the backdrop for free.
 */
export function LoginPrompt({ message, onCancel }: { message: string; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      // jsdom has no showModal; the open attribute keeps the content reachable there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>Hey, stranger.</h2>
      <p>{message}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <Link className="button button--primary" to="/login">
          Log in
        </Link>
      </div>
    </dialog>
  );
}
