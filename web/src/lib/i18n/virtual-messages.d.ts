// Compiled by build-tools/message-catalogs.ts from catalogs/<locale>/*.json.
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
