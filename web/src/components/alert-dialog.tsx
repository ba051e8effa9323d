import type { FocusFallback } from '../hooks/use-focus-rescue';
import { useT } from '../lib/i18n/use-t';
import { MessageDialog, type AlertIcon } from './message-dialog';

export interface AlertContent {
  icon: AlertIcon;
  title: string;
  text: string;
  /** What happens next, said as plainly as the text ('An admin will review it…'). */
  detail?: string | undefined;
  /** A second, quieter line, e.g. that a write made offline will go out later. */
  note?: string | undefined;
  /** Where focus goes after OK if what it came from has gone (see ModalDialog). */
  returnFocusTo?: FocusFallback | undefined;
}

/** A short message that needs an OK, in the manner of SweetAlert: icon, title, one line, one button. */
export function AlertDialog({ icon, title, text, detail, note, returnFocusTo, onClose }: AlertContent & { onClose: () => void }) {
  const t = useT();
  const message = (
    <>
      <p>{text}</p>
      {detail && <p>{detail}</p>}
      {note && <p className="dialog__note">{note}</p>}
    </>
  );
  return (
    <MessageDialog icon={icon} title={title} text={message} onCancel={onClose} returnFocusTo={returnFocusTo}>
      <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
        {t('dialog.ok')}
      </button>
    </MessageDialog>
  );
}
