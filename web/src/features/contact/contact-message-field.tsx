import { CONTACT_MAX_LENGTH } from '@allstall/shared';
import { TextField } from '@/components/text-field';
import { useT } from '@/lib/i18n/use-t';

/** The 6-row message box of the contact form (docs/product-rules.md#contact-messages), labelled for screen readers. */
export function ContactMessageField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  const t = useT();
  return (
    <TextField
      id={id}
      label={t('writes.contact.label')}
      labelHidden
      rows={6}
      placeholder={t('writes.contact.placeholder')}
      maxLength={CONTACT_MAX_LENGTH}
      value={value}
      onChange={onChange}
    />
  );
}
