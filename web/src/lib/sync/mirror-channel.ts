import { BUCKET_COUNT } from './buckets';

/** Other tabs and the service worker say on this channel which buckets they rewrote. */
const MIRROR_CHANNEL_NAME = 'allstall-mirror';

interface MirrorMessage {
  /** The IndexedDB database the buckets belong to (tests run several side by side in one process). */
  db: string;
  buckets: number[];
}

export interface MirrorChannel {
  post(buckets: Iterable<number>): void;
  close(): void;
}

export const ALL_BUCKETS: readonly number[] = Array.from({ length: BUCKET_COUNT }, (_, bucket) => bucket);

/**
 * Posts (and, given `onBuckets`, hears) committed bucket writes. Null where BroadcastChannel does
 * not exist: that browser has no second tab to tell.
 */
export function openMirrorChannel(dbName: string, onBuckets?: (buckets: number[]) => void): MirrorChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(MIRROR_CHANNEL_NAME);
  // Node's channel (in tests) would otherwise keep the process alive.
  (channel as unknown as { unref?: () => void }).unref?.();
  if (onBuckets) {
    channel.onmessage = (event: MessageEvent<MirrorMessage>) => {
      const message = event.data;
      if (message?.db !== dbName || !Array.isArray(message.buckets)) return;
      onBuckets(message.buckets.filter((bucket) => Number.isInteger(bucket) && bucket >= 0 && bucket < BUCKET_COUNT));
    };
  }
  return {
    post(buckets) {
      const list = [...buckets];
      if (list.length > 0) channel.postMessage({ db: dbName, buckets: list } satisfies MirrorMessage);
    },
    close: () => channel.close(),
  };
}
