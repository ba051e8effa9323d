import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  checkPmtilesSections,
  mapPackProblem,
  mapPackVersion,
  PMTILES_HEADER_BYTES,
  PmtilesFormatError,
  readPmtilesHeader,
  readPmtilesMetadata,
  type PmtilesHeader,
  type PmtilesMetadata,
} from '@allstall/shared';

/*
 * What the api learns of a map pack at start, the same way for a file it serves and for an archive
 * at MAP_PACK_URL: the header, the metadata, and a tag of the content for the version and the ETag.
 */

const gunzipAsync = promisify(gunzip);

/**
 * Metadata larger than this is refused rather than read: a pack's is a few kilobytes (Planetiler's
 * with every layer's statistics some hundreds), and a header pointing at gigabytes must not be
 * read into memory at start.
 */
const METADATA_MAX_BYTES = 4 * 1024 * 1024;

/** A pack that cannot be offered; the message says why and the caller names the variable. */
export class MapPackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapPackError';
  }
}

/** How the archive's bytes are reached: a file on disk or ranges of a remote URL. */
export interface PackBytes {
  /** The archive's whole size. */
  size: number;
  /** Its first bytes: the first 16 KiB, or the whole archive when it is shorter. */
  first: Uint8Array;
  /** `length` bytes from `offset`. */
  read: (offset: number, length: number) => Promise<Uint8Array>;
}

export interface InspectedPack {
  header: PmtilesHeader;
  metadata: PmtilesMetadata;
  size: number;
  /**
   * 20 hex digits of a SHA-256 over the header, the root directory, the metadata (as stored) and
   * the size: what changes when the pack does (another build changes its metadata, another region
   * or zoom its header and directory), the same on every server holding the same file.
   */
  contentTag: string;
  /** What /api/config and the served file's name call this pack (mapPackVersion in shared). */
  version: string;
}

/** Reads and checks the pack's header and metadata; throws MapPackError saying what is wrong. */
export async function inspectPack(bytes: PackBytes): Promise<InspectedPack> {
  const header = readOrExplain(() => readPmtilesHeader(bytes.first));
  readOrExplain(() => checkPmtilesSections(header, bytes.size));
  const problem = mapPackProblem(header);
  if (problem !== null) throw new MapPackError(`the pack cannot be used: ${problem}`);

  const root = header.rootDirectory;
  const rootBytes = bytes.first.subarray(root.offset, root.offset + root.length);
  if (header.metadata.length > METADATA_MAX_BYTES) {
    throw new MapPackError(`its metadata is ${header.metadata.length} bytes; allstall reads metadata of up to ${METADATA_MAX_BYTES} bytes.`);
  }
  const storedMetadata = await sectionBytes(bytes, header.metadata.offset, header.metadata.length);
  const json = await decompressMetadata(storedMetadata, header);
  const metadata = readOrExplain(() => readPmtilesMetadata(json));

  const hash = createHash('sha256');
  hash.update(bytes.first.subarray(0, PMTILES_HEADER_BYTES));
  hash.update(rootBytes);
  hash.update(storedMetadata);
  hash.update(String(bytes.size));
  const contentTag = hash.digest('hex').slice(0, 20);
  return { header, metadata, size: bytes.size, contentTag, version: mapPackVersion(metadata.dataVersion, contentTag) };
}

/** A section, from the first bytes already read when it lies there (a pack's metadata usually does). */
async function sectionBytes(bytes: PackBytes, offset: number, length: number): Promise<Uint8Array> {
  if (offset + length <= bytes.first.length) return bytes.first.subarray(offset, offset + length);
  const read = await bytes.read(offset, length);
  if (read.length !== length) throw new MapPackError(`reading its metadata gave ${read.length} bytes of ${length}.`);
  return read;
}

async function decompressMetadata(stored: Uint8Array, header: PmtilesHeader): Promise<string> {
  if (header.internalCompression === 'none') return new TextDecoder().decode(stored);
  try {
    // Bounded, so a small gzip member that inflates to gigabytes cannot fill the memory.
    const inflated = await gunzipAsync(stored, { maxOutputLength: METADATA_MAX_BYTES * 4 });
    return new TextDecoder().decode(inflated);
  } catch (error) {
    throw new MapPackError(`its metadata could not be decompressed as gzip, as its header says it is (${(error as Error).message}).`);
  }
}

/** Runs a shared reader, turning its PmtilesFormatError into a MapPackError with the same words. */
function readOrExplain<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof PmtilesFormatError) throw new MapPackError(error.message);
    throw error;
  }
}
