// What other features may use of suggest-changes: the restroom page's button, and the dialog and draft
// check the outbox uses to edit a waiting suggestion.
export { SuggestChangesForRestroom } from './suggest-changes-for-restroom';
export { SuggestChangesDialog } from './suggest-changes-dialog';
export { checkFlagDraft, flagDraftOfBody } from './flag-draft';
