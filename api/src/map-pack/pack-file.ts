import { Readable } from 'node:stream';
import { open, type FileHandle } from 'node:fs/promises';
import { PMTILES_FIRST_READ_BYTES } from '@allstall/shared';
import { inspectPack, MapPackError, type InspectedPack } from './inspect-pack.js';

/** Where the map pack is served: its version in the name, so a new pack is a new URL. */
export function mapPackPath(version: string): string {
  return `/map-pack/${version}.pmtiles`;
}

/**
 * A map pack file the api serves (MAP_PACK_FILE), held open from start to close. Holding it open is
 * what keeps every answer true to the ETag and version checked at start: a new pack moved into
 * place (`mv new.pmtiles region.pmtiles`) leaves the open file as it was, so devices keep reading
 * the pack they began with until a restart offers the new one under a new name.
 */
export interface PackFile {
  inspected: InspectedPack;
  /** Bytes `start` to `end` (inclusive), streamed from disk; never the whole file in memory. */
  stream: (start: number, end: number) => Readable;
  /**
   * False once the open file was written over in place (`cp` onto it): its bytes may no longer be
   * the ones its ETag names, so nothing more may be served from it before a restart.
   */
  isUnchanged: () => Promise<boolean>;
  close: () => Promise<void>;
}

/** Opens and checks the pack; throws MapPackError for a missing, unreadable or unusable file. */
export async function openPackFile(file: string): Promise<PackFile> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new MapPackError(`cannot open '${file}': ${describeFsError(error)}`);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new MapPackError(`'${file}' is not a file.`);
    const first = await readAt(handle, 0, Math.min(opened.size, PMTILES_FIRST_READ_BYTES));
    const inspected = await inspectPack({ size: opened.size, first, read: (offset, length) => readAt(handle, offset, length) });
    return {
      inspected,
      // Read at positions from the one open handle, never through fs.createReadStream on its fd: such
      // a stream closes the fd when it is destroyed (a device pausing its download), autoClose:
      // false or not, and every later answer would then fail.
      stream: (start, end) => Readable.from(readRange(handle, start, end)),
      isUnchanged: async () => {
        const now = await handle.stat();
        return now.size === opened.size && now.mtimeMs === opened.mtimeMs;
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    if (error instanceof MapPackError) throw error;
    throw new MapPackError(`cannot read '${file}': ${describeFsError(error)}`);
  }
}

/** A piece at a time, so an answer holds at most one piece in memory however long the range. */
const STREAM_PIECE_BYTES = 64 * 1024;

async function* readRange(handle: FileHandle, start: number, end: number): AsyncGenerator<Uint8Array> {
  for (let at = start; at <= end; ) {
    const piece = await readAt(handle, at, Math.min(STREAM_PIECE_BYTES, end - at + 1));
    if (piece.length === 0) return;
    yield piece;
    at += piece.length;
  }
}

async function readAt(handle: FileHandle, offset: number, length: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** `ENOENT: no such file or directory` without the path, which the message names already. */
function describeFsError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'no such file.';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied (the api runs as a user that may not read it).';
  if (code === 'EISDIR') return 'it is a directory.';
  return `${message}.`;
}
