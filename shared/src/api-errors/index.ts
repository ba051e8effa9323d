export * from './messages.js';
export * from './format-message.js';
