import type { ApiClient } from '../api/api-client';
import type { SnapshotFocusMessage, SnapshotJobMessage, SnapshotJobRequest } from './snapshot-job';

/** The page's end of the snapshot worker: a `Worker`, or in tests the job run in-process. */
export interface SnapshotWorkerPort {
  onmessage: ((event: MessageEvent<SnapshotJobMessage>) => void) | null;
  /** Typed as the DOM types it; a script that failed to load fires a plain Event, without a message. */
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: SnapshotJobRequest | SnapshotFocusMessage, transfer?: Transferable[]): void;
  terminate(): void;
}

/**
 * Whether a `ReadableStream` can be transferred to a worker (not in every Safari): tried once per
 * first sync, before its request goes out, on a stream of nothing.
 */
function canTransferStreams(): boolean {
  try {
    const stream = new ReadableStream();
    structuredClone(stream, { transfer: [stream] });
    return true;
  } catch {
    return false;
  }
}

/** The snapshot's body as the page asked for it; null where a stream cannot be handed over (the worker asks itself). */
export type SnapshotBodyRequest = Promise<ReadableStream<Uint8Array> | null> | null;

/** Asks for the snapshot when its body can be handed to a worker; never an unhandled rejection while it waits. */
export function askForSnapshot(api: Pick<ApiClient, 'snapshotBody'>, transfer = canTransferStreams()): SnapshotBodyRequest {
  const body = transfer ? api.snapshotBody() : null;
  body?.catch(() => undefined);
  return body;
}

/** Stops the download of a body that was never handed to the worker. */
export function cancelSnapshot(body: SnapshotBodyRequest): void {
  void body?.then((stream) => stream?.cancel()).catch(() => undefined);
}
