// What other features may use of contact: the dialog and draft check the outbox uses to edit a waiting message.
export { ContactDialog } from './contact-dialog';
export { checkContactDraft } from './contact-draft';
