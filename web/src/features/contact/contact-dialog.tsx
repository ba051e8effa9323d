import { useId } from 'react';
import { FormDialog, type FormDialogHandlers } from '@/components/form-dialog';
import { ContactMessageField } from './contact-message-field';
import { useT } from '@/lib/i18n/use-t';

interface ContactDialogProps extends FormDialogHandlers {
  value: string;
  onChange: (text: string) => void;
  problem?: string | null;
}

/** A message to the team in a dialog: how a refused message is fixed from the profile. */
export function ContactDialog({ value, onChange, ...form }: ContactDialogProps) {
  const id = useId();
  const t = useT();
  return (
    <FormDialog title={t('writes.outbox.messageToTeam')} submitLabel={t('writes.contact.submit')} {...form}>
      <ContactMessageField id={`${id}-details`} value={value} onChange={onChange} />
    </FormDialog>
  );
}
