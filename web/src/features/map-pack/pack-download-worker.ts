/// <reference lib="webworker" />
import { downloadPack, PackDownloadError, type PackFileAccess } from './pack-download';
import type { PackFailureReason, PackWorkerAnswer, PackWorkerRequest } from './pack-worker-messages';
import { packFolder, partName, removeOtherParts, savedName, tagName } from './pack-storage';

/*
 * The download of a map pack, off the page. A worker because OPFS's sync access handle, which writes
 * a file in place without copying it, exists only in workers; and a download of hundreds of
 * megabytes should not share the page's thread with the map. One download per origin at a time (a
 * Web Lock): a second tab is told it is busy rather than writing the same file.
 */

declare const self: DedicatedWorkerGlobalScope;

/** The sync access handle as Chromium has it; TypeScript's lib for this file does not describe it. */
interface SyncAccessHandle {
  getSize(): number;
  write(buffer: Uint8Array, options: { at: number }): number;
  read(buffer: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}
interface SyncFileHandle extends FileSystemFileHandle {
  createSyncAccessHandle(): Promise<SyncAccessHandle>;
  move(newName: string): Promise<void>;
}

let pause: AbortController | null = null;

const answer = (message: PackWorkerAnswer) => self.postMessage(message);

async function fileHandle(folder: FileSystemDirectoryHandle, name: string): Promise<SyncFileHandle> {
  return (await folder.getFileHandle(name, { create: true })) as SyncFileHandle;
}

/**
 * The tag file, held open for the whole download so the tag is on the disk the moment a whole pack
 * starts arriving: a tab closed a second later must still resume with If-Range.
 */
function tagFile(access: SyncAccessHandle) {
  return {
    read(): string | null {
      const bytes = new Uint8Array(access.getSize());
      access.read(bytes, { at: 0 });
      const text = new TextDecoder().decode(bytes);
      return text === '' ? null : text;
    },
    write(etag: string | null): void {
      access.truncate(0);
      if (etag !== null) access.write(new TextEncoder().encode(etag), { at: 0 });
      access.flush();
    },
  };
}

function fileAccess(access: SyncAccessHandle): PackFileAccess {
  return {
    size: () => access.getSize(),
    write: (bytes, at) => {
      access.write(bytes, { at });
    },
    truncate: (size) => access.truncate(size),
    flush: () => access.flush(),
  };
}

async function save(request: Extract<PackWorkerRequest, { type: 'start' }>, signal: AbortSignal): Promise<void> {
  const folder = await packFolder();
  let files: [SyncFileHandle, SyncAccessHandle, SyncAccessHandle];
  try {
    await removeOtherParts(folder, request.version);
    const part = await fileHandle(folder, partName(request.version));
    const access = await part.createSyncAccessHandle();
    const tagAccess = await (await fileHandle(folder, tagName(request.version))).createSyncAccessHandle().catch((error: unknown) => {
      access.close();
      throw error;
    });
    files = [part, access, tagAccess];
  } catch (error) {
    await failed(folder, request.version, error, 0);
    return;
  }
  await download(request, signal, folder, ...files);
}

async function download(
  { url, version, total }: Extract<PackWorkerRequest, { type: 'start' }>,
  signal: AbortSignal,
  folder: FileSystemDirectoryHandle,
  part: SyncFileHandle,
  access: SyncAccessHandle,
  tagAccess: SyncAccessHandle,
): Promise<void> {
  const tag = tagFile(tagAccess);
  let open = true;
  const close = () => {
    if (open) {
      access.close();
      tagAccess.close();
    }
    open = false;
  };
  try {
    await downloadPack({
      url,
      total,
      file: fileAccess(access),
      etag: tag.read(),
      signal,
      fetch: (input, init) => fetch(input, init),
      onProgress: (received) => answer({ type: 'progress', received }),
      onEtag: (etag) => tag.write(etag),
    });
    close();
    await part.move(savedName(version));
    await folder.removeEntry(tagName(version));
    answer({ type: 'saved', version });
  } catch (error) {
    const received = open ? access.getSize() : 0;
    close();
    if (signal.aborted) answer({ type: 'paused', received });
    else await failed(folder, version, error, received);
  }
}

/** Bytes that cannot be resumed are not kept: nothing half-saved is left behind. */
async function failed(folder: FileSystemDirectoryHandle, version: string, error: unknown, received: number): Promise<void> {
  const reason = reasonOf(error);
  if (reason !== 'network') {
    await folder.removeEntry(partName(version)).catch(() => undefined);
    await folder.removeEntry(tagName(version)).catch(() => undefined);
  }
  answer({ type: 'failed', reason, received: reason === 'network' ? received : 0, message: String(error) });
}

function reasonOf(error: unknown): PackFailureReason {
  if (error instanceof PackDownloadError) return error.failure.reason;
  // Even creating the file can be refused when the site's quota is used up.
  return error instanceof DOMException && error.name === 'QuotaExceededError' ? 'space' : 'other';
}

self.onmessage = (event: MessageEvent<PackWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'pause') {
    pause?.abort();
    return;
  }
  if (pause !== null) return;
  const controller = new AbortController();
  pause = controller;
  void navigator.locks
    .request('allstall-map-pack', { ifAvailable: true }, async (lock) => {
      if (lock === null) answer({ type: 'busy' });
      else await save(request, controller.signal);
    })
    .catch((error: unknown) => answer({ type: 'failed', reason: 'other', received: 0, message: String(error) }))
    .finally(() => {
      pause = null;
    });
};
