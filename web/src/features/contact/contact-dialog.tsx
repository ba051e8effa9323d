import { useId } from 'react';
import { FormDialog, type FormDialogHandlers } from '../../components/form-dialog';
import { ContactMessageField } from './contact-message-field';

interface ContactDialogProps extends FormDialogHandlers {
  value: string;
  onChange: (text: string) => void;
  problem?: string | null;
}

/** A message to the team in a dialog: how a refused message is fixed from the profile. */
export function ContactDialog({ value, onChange, ...form }: ContactDialogProps) {
  const id = useId();
  return (
    <FormDialog title="Message to the team" submitLabel="Submit" {...form}>
      <ContactMessageField id={`${id}-details`} value={value} onChange={onChange} />
    </FormDialog>
  );
}
