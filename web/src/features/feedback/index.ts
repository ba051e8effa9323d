// What other features may use of feedback: the restroom page's button, and the dialog and draft checks
// the outbox uses to edit a waiting comment.
export { FeedbackForRestroom } from './feedback-for-restroom';
export { FeedbackDialog } from './feedback-dialog';
export { checkFeedbackDraft, feedbackDraftOf } from './feedback-draft';
