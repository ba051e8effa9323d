import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusFallback, type FocusFallback } from '../hooks/use-focus-rescue';

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), textarea:not(:disabled), select:not(:disabled)';

interface ModalDialogProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** 'alertdialog' for messages that interrupt; a plain dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Escape, or the browser closing the dialog on its own: the owner decides what closing means. */
  onCancel: () => void;
  /**
   * Where focus goes on closing when the element that opened the dialog has left the page meanwhile
   * (the comment it deleted is gone, say); without it focus would drop to <body>.
   */
  returnFocusTo?: FocusFallback | undefined;
  children: ReactNode;
}

/**
 * A native modal <dialog> that is open for as long as it is rendered. The browser traps focus and
 * makes the page behind it inert; this adds what it leaves to us: focus on the first control (or the
 * one marked data-autofocus, since React keeps `autoFocus` to itself) and focus back where it was,
 * or to `returnFocusTo` when that element is gone.
 */
export function ModalDialog({ labelledBy, describedBy, role, className = 'dialog', onCancel, returnFocusTo, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read when the dialog closes, so the owner's latest answer counts.
  const fallback = useRef(returnFocusTo);
  useLayoutEffect(() => {
    fallback.current = returnFocusTo;
  });

  // A layout effect: its cleanup runs before React detaches the dialog, so focus can still go back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      // jsdom has no showModal; the open attribute keeps the content reachable there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (previous?.isConnected && previous !== document.body) previous.focus();
      else focusFallback(fallback.current);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClose={(event) => {
        // Chrome may close without a cancelable cancel event (Escape pressed twice). The close event
        // comes a task later, so a dialog open again by then (StrictMode's remount) is left alone.
        if (!event.currentTarget.open) onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
