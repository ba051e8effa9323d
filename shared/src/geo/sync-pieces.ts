import type { LatLng } from '../schemas/config.js';
import { restroomDistanceMilesExact } from './distance.js';

/*
 * The first sync in pieces (docs/offline-data.md#first-sync-in-pieces): the public set split into
 * cells of a quadtree over latitude and longitude, each cell split in four while it holds more than
 * PIECE_MAX_RESTROOMS, so a piece is tens of kilobytes in a city's centre and in the countryside
 * alike. A cell is named by its key: one digit per level, 0 north-west, 1 north-east, 2 south-west,
 * 3 south-east, so a cell's key starts with every key of the cells holding it. Restrooms without a
 * position are one piece of their own, UNPLACED_PIECE_KEY.
 *
 * The server partitions with these functions and the device tests membership with them, so both
 * agree to the last bit on which piece a restroom belongs to.
 */

/** A cell is split while it holds more restrooms than this; a piece is then about 25 KB of Brotli on average (at ~65 bytes a restroom, most cells holding a few hundred). */
export const PIECE_MAX_RESTROOMS = 1000;
/** Cells stop splitting at this depth (about 150 m across): restrooms at one spot stay one piece, however many. */
export const PIECE_MAX_DEPTH = 18;
/** The piece of the restrooms without a position. */
export const UNPLACED_PIECE_KEY = 'x';

export interface PieceBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const WORLD: PieceBounds = { south: -90, west: -180, north: 90, east: 180 };

/** The child cell of `bounds` that holds the point: the northern and eastern halves take the midlines. */
function childDigit(bounds: PieceBounds, lat: number, lng: number): number {
  const south = lat < (bounds.south + bounds.north) / 2 ? 2 : 0;
  const east = lng >= (bounds.west + bounds.east) / 2 ? 1 : 0;
  return south + east;
}

function childBounds(bounds: PieceBounds, digit: number): PieceBounds {
  const midLat = (bounds.south + bounds.north) / 2;
  const midLng = (bounds.west + bounds.east) / 2;
  const south = digit >= 2;
  const east = digit % 2 === 1;
  return {
    south: south ? bounds.south : midLat,
    north: south ? midLat : bounds.north,
    west: east ? midLng : bounds.west,
    east: east ? bounds.east : midLng,
  };
}

/** The key of the cell `depth` levels down that holds the position. */
export function pieceKeyAt(lat: number, lng: number, depth: number): string {
  let bounds = WORLD;
  let key = '';
  for (let level = 0; level < depth; level++) {
    const digit = childDigit(bounds, lat, lng);
    key += String(digit);
    bounds = childBounds(bounds, digit);
  }
  return key;
}

/** The cell a key names; the unplaced piece has none. */
export function pieceBounds(key: string): PieceBounds | null {
  if (key === UNPLACED_PIECE_KEY) return null;
  let bounds = WORLD;
  for (const digit of key) bounds = childBounds(bounds, Number(digit));
  return bounds;
}

/** Whether a restroom at this position (null for none) belongs to the piece of `key`. */
export function pieceHolds(key: string, lat: number | null, lng: number | null): boolean {
  if (lat === null || lng === null || Number.isNaN(lat) || Number.isNaN(lng)) return key === UNPLACED_PIECE_KEY;
  return key !== UNPLACED_PIECE_KEY && pieceKeyAt(lat, lng, key.length) === key;
}

/**
 * How far a point is from a piece's cell, in miles: 0 inside it, else the distance to its nearest
 * edge point; Infinity for the unplaced piece, which comes last.
 */
export function pieceDistanceMiles(from: LatLng, key: string): number {
  const bounds = pieceBounds(key);
  if (bounds === null) return Number.POSITIVE_INFINITY;
  const lat = Math.min(bounds.north, Math.max(bounds.south, from.lat));
  if (from.lng >= bounds.west && from.lng <= bounds.east) return restroomDistanceMilesExact(from, { lat, lng: from.lng });
  // Outside its span of longitude, the nearer side is one of its two meridians, whichever way round.
  return Math.min(restroomDistanceMilesExact(from, { lat, lng: bounds.west }), restroomDistanceMilesExact(from, { lat, lng: bounds.east }));
}

/** One piece of a partition: its key and the positions (into the partitioned columns) of its restrooms, in input order. */
export interface PartitionedPiece {
  key: string;
  members: number[];
}

/**
 * Splits restrooms into pieces: the placed ones by the quadtree (a cell is split while it holds more
 * than `maxRows` and is shallower than PIECE_MAX_DEPTH; empty cells are no piece), the others into
 * the unplaced piece. Pieces come in key order, the unplaced one last; members keep the input order,
 * so a caller that reads rows in id order gets each piece's rows in id order.
 */
export function partitionPieces(latitudes: ArrayLike<number>, longitudes: ArrayLike<number>, maxRows = PIECE_MAX_RESTROOMS): PartitionedPiece[] {
  const pieces: PartitionedPiece[] = [];
  const placed: number[] = [];
  const unplaced: number[] = [];
  for (let at = 0; at < latitudes.length; at++) {
    if (Number.isNaN(latitudes[at]!) || Number.isNaN(longitudes[at]!)) unplaced.push(at);
    else placed.push(at);
  }
  const split = (key: string, bounds: PieceBounds, members: number[]): void => {
    if (members.length === 0) return;
    if (members.length <= maxRows || key.length >= PIECE_MAX_DEPTH) {
      pieces.push({ key, members });
      return;
    }
    const children: number[][] = [[], [], [], []];
    for (const at of members) children[childDigit(bounds, latitudes[at]!, longitudes[at]!)]!.push(at);
    children.forEach((child, digit) => split(key + String(digit), childBounds(bounds, digit), child));
  };
  split('', WORLD, placed);
  if (unplaced.length > 0) pieces.push({ key: UNPLACED_PIECE_KEY, members: unplaced });
  return pieces;
}

/** Piece keys nearest first from `from` (the unplaced piece last), equal distances in key order. */
export function piecesNearestFirst<T extends { key: string }>(pieces: readonly T[], from: LatLng): T[] {
  const distance = new Map(pieces.map((piece) => [piece.key, pieceDistanceMiles(from, piece.key)]));
  return [...pieces].sort((a, b) => distance.get(a.key)! - distance.get(b.key)! || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A piece as a device keeps track of it: its cell and the name (hash) of the bytes it stored. */
export interface PieceName {
  key: string;
  name: string;
}

/** What a device does with what it stored when it reads an index. */
export interface PiecePlan<T extends PieceName> {
  /** Stored pieces the index names the same: their rows are the index's, nothing to do. */
  keep: PieceName[];
  /** Stored pieces the index does not name: their rows (those `pieceHolds` finds in their cells) go before anything is fetched. */
  drop: PieceName[];
  /** The index's pieces the device does not hold. */
  fetch: T[];
}

/**
 * Resuming a first sync on an index that may be newer than the pieces stored: a piece the index
 * names the same is the same bytes, so its rows stand at the index's version too; any other stored
 * piece may hold rows since deleted, moved or hidden, so its rows are dropped and its cell comes
 * again with the index's pieces. Once the device holds every piece of the index, it holds the
 * public set at the index's cursor. Stored pieces always come from one index's partition (a device
 * drops before it fetches), so a dropped cell overlaps no kept one.
 */
export function planPieces<T extends PieceName>(indexPieces: readonly T[], stored: readonly PieceName[]): PiecePlan<T> {
  const named = new Set(indexPieces.map((piece) => piece.name));
  const held = new Set(stored.map((piece) => piece.name));
  return {
    keep: stored.filter((piece) => named.has(piece.name)),
    drop: stored.filter((piece) => !named.has(piece.name)),
    fetch: indexPieces.filter((piece) => !held.has(piece.name)),
  };
}
