// What other features may show of the outbox: the top bar's status line and the profile's waiting section.
export { OutboxStatusBar } from './outbox-status-bar';
export { WaitingSection } from './waiting-section';
