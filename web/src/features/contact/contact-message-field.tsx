import { CONTACT_MAX_LENGTH } from '@allstall/shared';
import { TextField } from '../../components/text-field';

/** The 6-row message box of the contact form (docs/product-rules.md#contact-messages), labelled for screen readers. */
export function ContactMessageField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  return (
    <TextField
      id={id}
      label="Your message"
      labelHidden
      rows={6}
      placeholder="Suggestions, comments, concerns..."
      maxLength={CONTACT_MAX_LENGTH}
      value={value}
      onChange={onChange}
    />
  );
}
