/** What the page asks the map pack's download worker. */
export type PackWorkerRequest = { type: 'start'; url: string; version: string; total: number } | { type: 'pause' };

/** Why a download stopped short, as the page words it. */
export type PackFailureReason = 'network' | 'gone' | 'space' | 'mismatch' | 'other';

/** What the worker tells the page. */
export type PackWorkerAnswer =
  | { type: 'progress'; received: number }
  | { type: 'saved'; version: string }
  | { type: 'paused'; received: number }
  | { type: 'failed'; reason: PackFailureReason; received: number; message?: string }
  | { type: 'busy' };
