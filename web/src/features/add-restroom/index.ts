// What other features may use of add-restroom: the dialog and draft helpers the outbox uses to edit a
// waiting new restroom.
export { NewRestroomDialog } from './new-restroom-dialog';
export { checkNewRestroomDraft, newRestroomDraftOfBody } from './new-restroom-draft';
