import { useId, useState } from 'react';
import { useAlert } from '@/components/dialog-provider';
import { SubmitButton } from '@/components/submit-button';
import { WRITE_ALERTS } from '@/components/write-alerts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useWrite } from '@/components/use-write';
import { dropStashedDraft, readStashedDraft, stashDraft } from '@/lib/login/draft-stash';
import { checkContactDraft } from './contact-draft';
import { ContactMessageField } from './contact-message-field';
import { useT } from '@/lib/i18n/use-t';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * /contact — a message to the team. The text is stashed as it is typed: if the session ends, the
 * protected route swaps this page for the login form, and the words are back after logging in.
 */
export function ContactPage({ userId }: { userId: string }) {
  const t = useT();
  useDocumentTitle(t('writes.contact.documentTitle'));
  const id = useId();
  // Keyed by person, so someone else signing in on this tab does not find another's words.
  const stashKey = `contact:${userId}`;
  const [details, setDetails] = useState(() => readStashedDraft(stashKey, isText) ?? '');
  const alert = useAlert();
  const submission = useWrite();

  const change = (text: string) => {
    setDetails(text);
    stashDraft(stashKey, text);
  };

  const submit = () => {
    const { write } = checkContactDraft(details);
    if (!write) {
      void alert(WRITE_ALERTS.emptyContact);
      return;
    }
    void submission.submit(
      write,
      {
        onQueued: () => {
          setDetails('');
          dropStashedDraft(stashKey);
        },
        // The route guard is about to show the login form; the stashed text waits for the person.
        onGuest: () => {},
      },
    );
  };

  return (
    <section className="page page--narrow contact-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('writes.contact.title')}</h1>
      <form
        className="contact-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submission.busy) submit();
        }}
      >
        <ContactMessageField id={`${id}-details`} value={details} onChange={change} />
        <SubmitButton busy={submission.busy}>{t('writes.contact.submit')}</SubmitButton>
      </form>
    </section>
  );
}
