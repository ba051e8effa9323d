// What other features may show of the outbox: the top bar's status line, the profile's waiting section
// and the person's waiting writes in words (the logout dialog lists them).
export { OutboxStatusBar } from './outbox-status-bar';
export { WaitingSection } from './waiting-section';
export { useMyOutbox } from './use-my-outbox';
