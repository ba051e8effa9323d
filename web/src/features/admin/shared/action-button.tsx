import { useFocusRescue, type FocusFallback } from '@/hooks/use-focus-rescue';
import { useT } from '@/lib/i18n/use-t';

interface ActionButtonProps {
  label: string;
  /** The row's item, in the button's accessible name: "Approve Quiet Library". */
  name: string;
  primary?: boolean;
  danger?: boolean;
  onClick: () => void;
  toTable: FocusFallback;
}

/** A row's button; when its row is decided and the button goes, focus stays in the table. */
export function ActionButton({ label, name, primary = false, danger = false, onClick, toTable }: ActionButtonProps) {
  const t = useT();
  const rescueFocus = useFocusRescue(toTable);
  const look = primary ? 'button--primary' : danger ? 'button--danger' : 'button--secondary';
  return (
    <button ref={rescueFocus} type="button" className={`button ${look} button--small`} aria-label={t('admin.action.named', { action: label, name })} onClick={onClick}>
      {label}
    </button>
  );
}
