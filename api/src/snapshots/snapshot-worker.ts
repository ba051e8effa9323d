import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase } from '../db/connect.js';
import { compressBodyNow, type CompressedBody } from '../compression/compressed-body.js';
import { buildSnapshot, type SnapshotWorkerMessage, type SnapshotWorkerRequest, type TransferredBody } from './snapshot-cache.js';
import { buildSyncPieces } from './sync-pieces.js';

/*
 * The worker thread of one build, the snapshot's or the first sync's pieces' (started by
 * buildInWorker in snapshots/snapshot-cache.ts): it opens its own connection from the database settings it is given,
 * reads and compresses on this thread, hands the bodies back without copying them, and ends.
 */

const port = parentPort;
if (port === null) throw new Error('snapshots/snapshot-worker.ts runs in a worker thread (see buildSnapshotInWorker)');
const request = workerData as SnapshotWorkerRequest;

/** Waits for the parent to let the read go on (tests only: `hold`). */
const heldUntilReleased = () =>
  new Promise<void>((resolve) => {
    port.once('message', () => resolve());
    port.postMessage({ kind: 'holding' } satisfies SnapshotWorkerMessage);
  });

const cpuAtStart = threadCpuSeconds();
const { db } = connectDatabase(request.database);
const cpuSpent = (): number | null => {
  const cpuAtEnd = threadCpuSeconds();
  return cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
};
try {
  if (request.kind === 'pieces') {
    const { build, timings } = await buildSyncPieces(db);
    const transfer: ArrayBuffer[] = [];
    const sent = (body: CompressedBody): TransferredBody => {
      const gzip = ownArrayBuffer(body.gzip);
      const br = ownArrayBuffer(body.br);
      transfer.push(gzip, br);
      return { identityLength: body.identityLength, gzip, br };
    };
    const message: SnapshotWorkerMessage = {
      kind: 'built-pieces',
      build: { ...build, indexBody: sent(build.indexBody), pieces: [...build.pieces].map(([name, body]) => [name, sent(body)]) },
      timings: { ...timings, cpuSeconds: cpuSpent() },
    };
    port.postMessage(message, transfer);
  } else {
    const { snapshot, timings } = await buildSnapshot(db, request.outwardFrom, {
      // Blocking is fine here, and keeps the compression's CPU on this thread, where it is counted.
      compress: async (lines) => compressBodyNow(lines),
      whileReading: request.hold ? heldUntilReleased : undefined,
    });
    const gzip = ownArrayBuffer(snapshot.gzip);
    const br = ownArrayBuffer(snapshot.br);
    const message: SnapshotWorkerMessage = {
      kind: 'built',
      snapshot: { ...snapshot, gzip, br },
      timings: { ...timings, cpuSeconds: cpuSpent() },
    };
    port.postMessage(message, [gzip, br]);
  }
} catch (error) {
  port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies SnapshotWorkerMessage);
} finally {
  await db.destroy();
}

/**
 * The buffer's bytes as an ArrayBuffer of their own, to transfer. A large Buffer usually is its whole
 * ArrayBuffer already; a small one may sit in Node's shared pool, which must not be transferred.
 */
function ownArrayBuffer(buffer: Buffer): ArrayBuffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength && buffer.buffer instanceof ArrayBuffer) return buffer.buffer;
  return new Uint8Array(buffer).buffer;
}

/**
 * CPU seconds this thread has used (user and system), from Linux's /proc/thread-self: Node 20 has
 * no per-thread figure (process.cpuUsage counts every thread). Null where there is no such file.
 * Its ticks are USER_HZ, 100 a second on every Linux Node runs on.
 */
function threadCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
