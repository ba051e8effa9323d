import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertDialog, type AlertContent } from './alert-dialog';
import { ConfirmDialog, type ConfirmContent } from './confirm-dialog';

type NewRequest =
  | { type: 'alert'; content: AlertContent; resolve: () => void }
  | { type: 'confirm'; content: ConfirmContent; resolve: (confirmed: boolean) => void };
type Request = NewRequest & { id: number };

interface DialogApi {
  alert(content: AlertContent): Promise<void>;
  confirm(content?: ConfirmContent): Promise<boolean>;
}

const DialogContext = createContext<DialogApi | null>(null);

/**
 * Shows alerts and confirmations one at a time above everything, like SweetAlert. They live here
 * rather than in the screen that asked, so "Message received!" survives the form that sent it.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  // Keys each dialog, so two alerts in a row are two dialogs, each taking focus afresh.
  const nextId = useRef(0);

  const push = useCallback((request: NewRequest) => {
    const id = nextId.current++;
    setQueue((current) => [...current, { ...request, id }]);
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      alert: (content) => new Promise<void>((resolve) => push({ type: 'alert', content, resolve })),
      confirm: (content = {}) => new Promise<boolean>((resolve) => push({ type: 'confirm', content, resolve })),
    }),
    [push],
  );

  const current = queue[0];
  const finish = (answer: boolean) => {
    if (!current) return;
    setQueue((rest) => rest.slice(1));
    if (current.type === 'alert') current.resolve();
    else current.resolve(answer);
  };

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current?.type === 'alert' && <AlertDialog key={current.id} {...current.content} onClose={() => finish(true)} />}
      {current?.type === 'confirm' && (
        <ConfirmDialog key={current.id} {...current.content} onConfirm={() => finish(true)} onCancel={() => finish(false)} />
      )}
    </DialogContext.Provider>
  );
}

function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useAlert and useConfirm must be used inside <DialogProvider>');
  return api;
}

/** Shows an alert; the promise settles when the person dismisses it. */
export function useAlert(): DialogApi['alert'] {
  return useDialogs().alert;
}

/** Asks for confirmation; true only when the person chose the confirm button. */
export function useConfirm(): DialogApi['confirm'] {
  return useDialogs().confirm;
}
