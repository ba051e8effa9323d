/*
 * Where a saved map pack lives: the origin private file system (OPFS), in a folder of its own
 * (docs/map-pack.md#on-the-device). OPFS rather than IndexedDB or the Cache API: it holds a file of
 * hundreds of megabytes as one file, written in place a piece at a time from a worker (no copy of the
 * whole on every write, as a Blob in IndexedDB or a cached Response would need), and read back by byte
 * range (File.slice) without loading it. Read by the page and written by the download worker.
 *
 * In the folder, per pack version: `VERSION.part` while it downloads, with `VERSION.etag` (the tag its
 * bytes came with, for If-Range on a resume); `VERSION.pmtiles` once every byte is there.
 */

const FOLDER = 'map-pack';
const SAVED = '.pmtiles';
const PART = '.part';
const TAG = '.etag';

/** What the folder holds: whole packs by version, and the one being saved, if any. */
export interface PackFolderState {
  saved: Array<{ version: string; bytes: number }>;
  partial: { version: string; bytes: number } | null;
}

/** The handle methods Chromium has that TypeScript's DOM types leave out. */
interface AsyncEntries {
  values(): AsyncIterable<FileSystemHandle>;
}

export function opfsAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';
}

export async function packFolder(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(FOLDER, { create: true });
}

export const savedName = (version: string) => version + SAVED;
export const partName = (version: string) => version + PART;
export const tagName = (version: string) => version + TAG;

async function fileHandles(folder: FileSystemDirectoryHandle): Promise<FileSystemFileHandle[]> {
  const handles: FileSystemFileHandle[] = [];
  for await (const handle of (folder as unknown as AsyncEntries).values()) {
    if (handle.kind === 'file') handles.push(handle as FileSystemFileHandle);
  }
  return handles;
}

export async function readPackFolder(): Promise<PackFolderState> {
  const folder = await packFolder();
  const state: PackFolderState = { saved: [], partial: null };
  for (const handle of await fileHandles(folder)) {
    const { name } = handle;
    if (name.endsWith(SAVED)) {
      state.saved.push({ version: name.slice(0, -SAVED.length), bytes: (await handle.getFile()).size });
    } else if (name.endsWith(PART)) {
      state.partial = { version: name.slice(0, -PART.length), bytes: (await handle.getFile()).size };
    }
  }
  return state;
}

/** The saved pack of `version` as a File, read by byte ranges; null when it is not saved whole. */
export async function savedPackFile(version: string): Promise<File | null> {
  try {
    return await (await (await packFolder()).getFileHandle(savedName(version))).getFile();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotFoundError') return null;
    throw error;
  }
}

/** Deletes every file of the folder but those of `keep` (a version, or nothing). */
export async function removePacks(keep: string | null = null): Promise<void> {
  const folder = await packFolder();
  const kept = keep === null ? new Set<string>() : new Set([savedName(keep)]);
  for (const handle of await fileHandles(folder)) {
    if (kept.has(handle.name)) continue;
    await folder.removeEntry(handle.name).catch((error: unknown) => {
      // A file the download worker still holds open: the next clean-up takes it.
      if (!(error instanceof DOMException && error.name === 'NoModificationAllowedError')) throw error;
    });
  }
}

/** Deletes the partial files of every version but `keep` (another download left them). */
export async function removeOtherParts(folder: FileSystemDirectoryHandle, keep: string): Promise<void> {
  for (const handle of await fileHandles(folder)) {
    const ofKept = handle.name === partName(keep) || handle.name === tagName(keep);
    if (!ofKept && (handle.name.endsWith(PART) || handle.name.endsWith(TAG))) await folder.removeEntry(handle.name);
  }
}
