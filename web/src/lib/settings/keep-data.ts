import { readStored, writeStored } from './stored-settings';

/*
 * Asks the browser to keep this site's storage (docs/offline-data.md#kept-on-the-device): without
 * it, a browser short of space may clear the restrooms of someone who relies on them offline. Asked
 * once per device, after a pull has saved every restroom, and never again on a later start whatever
 * the answer: Chromium decides by itself (an installed app is usually kept), Firefox asks the person,
 * who should hear that question once. The drawer says what the browser decided.
 */

const KEY = 'keepDataAsked';
const VERSION = 1;

/** The part of the browser's StorageManager this asks with; missing in old browsers and insecure pages. */
export interface PersistingStorage {
  persist?: () => Promise<boolean>;
}

/** Kept to a few lines: it is in the first download, beside the sync engine that calls it. */
export function askToKeepData(storage: PersistingStorage | undefined = navigator.storage): void {
  if (typeof storage?.persist !== 'function' || readStored('local', KEY, VERSION, (value) => (value === true ? true : null))) return;
  writeStored('local', KEY, VERSION, true);
  // A refusal is an answer too; nothing to do about it here.
  storage.persist().catch(() => undefined);
}
