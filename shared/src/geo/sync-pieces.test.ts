import { describe, expect, it } from 'vitest';
import {
  partitionPieces,
  pieceBounds,
  pieceDistanceMiles,
  pieceHolds,
  pieceKeyAt,
  piecesNearestFirst,
  planPieces,
  PIECE_MAX_DEPTH,
  UNPLACED_PIECE_KEY,
} from './sync-pieces.js';

const seattle = { lat: 47.6062, lng: -122.3321 };
const minneapolis = { lat: 44.9778, lng: -93.265 };

describe('piece keys', () => {
  it('names the quarter of the world a point is in, north-west 0 to south-east 3', () => {
    expect(pieceKeyAt(10, -10, 1)).toBe('0');
    expect(pieceKeyAt(10, 10, 1)).toBe('1');
    expect(pieceKeyAt(-10, -10, 1)).toBe('2');
    expect(pieceKeyAt(-10, 10, 1)).toBe('3');
  });

  it('puts a point on a midline in the northern and eastern cell, and the world edges in a cell', () => {
    expect(pieceKeyAt(0, 0, 1)).toBe('1');
    expect(pieceKeyAt(90, 180, 3)).toBe('111');
    expect(pieceKeyAt(-90, -180, 3)).toBe('222');
  });

  it('gives every deeper cell a key that starts with the keys of the cells holding it', () => {
    const deep = pieceKeyAt(seattle.lat, seattle.lng, 12);
    for (let depth = 0; depth <= 12; depth++) expect(deep.startsWith(pieceKeyAt(seattle.lat, seattle.lng, depth))).toBe(true);
  });

  it('has bounds that hold exactly the points whose key it is', () => {
    const key = pieceKeyAt(seattle.lat, seattle.lng, 9);
    const bounds = pieceBounds(key)!;
    expect(seattle.lat).toBeGreaterThanOrEqual(bounds.south);
    expect(seattle.lat).toBeLessThan(bounds.north);
    expect(seattle.lng).toBeGreaterThanOrEqual(bounds.west);
    expect(seattle.lng).toBeLessThan(bounds.east);
    expect(pieceHolds(key, bounds.south, bounds.west)).toBe(true);
    expect(pieceHolds(key, bounds.north, bounds.west)).toBe(false);
    expect(pieceHolds(key, bounds.south, bounds.east)).toBe(false);
    expect(pieceBounds(UNPLACED_PIECE_KEY)).toBeNull();
  });

  it('holds restrooms without a position in the unplaced piece only', () => {
    expect(pieceHolds(UNPLACED_PIECE_KEY, null, null)).toBe(true);
    expect(pieceHolds(UNPLACED_PIECE_KEY, Number.NaN, 3)).toBe(true);
    expect(pieceHolds('', null, null)).toBe(false);
    expect(pieceHolds('', seattle.lat, seattle.lng)).toBe(true);
    expect(pieceHolds(UNPLACED_PIECE_KEY, seattle.lat, seattle.lng)).toBe(false);
  });
});

describe('partitionPieces', () => {
  /** A dense downtown and a thin spread: the partition must keep both to the size limit. */
  function cityAndCountry(): { lats: number[]; lngs: number[] } {
    const lats: number[] = [];
    const lngs: number[] = [];
    for (let i = 0; i < 3000; i++) {
      lats.push(minneapolis.lat + ((i * 37) % 100) / 10_000);
      lngs.push(minneapolis.lng + ((i * 53) % 100) / 10_000);
    }
    for (let i = 0; i < 700; i++) {
      lats.push(30 + ((i * 7) % 17));
      lngs.push(-120 + ((i * 11) % 45));
    }
    return { lats, lngs };
  }

  it('splits until each piece holds at most the limit, every restroom in exactly one piece, in input order', () => {
    const { lats, lngs } = cityAndCountry();
    lats.push(Number.NaN);
    lngs.push(Number.NaN);
    const pieces = partitionPieces(lats, lngs, 200);
    const seen = new Array<number>(lats.length).fill(0);
    for (const piece of pieces) {
      expect(piece.members.length).toBeGreaterThan(0);
      expect(piece.members.length).toBeLessThanOrEqual(200);
      expect([...piece.members].sort((a, b) => a - b)).toEqual(piece.members);
      for (const at of piece.members) {
        seen[at]! += 1;
        expect(pieceHolds(piece.key, Number.isNaN(lats[at]!) ? null : lats[at]!, Number.isNaN(lngs[at]!) ? null : lngs[at]!)).toBe(true);
      }
    }
    expect(seen.every((count) => count === 1)).toBe(true);
    expect(pieces.at(-1)!.key).toBe(UNPLACED_PIECE_KEY);
    // No piece's cell holds another's: together they are a partition of the world.
    const keys = pieces.map((piece) => piece.key).filter((key) => key !== UNPLACED_PIECE_KEY);
    for (const a of keys) for (const b of keys) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it('keeps restrooms at one spot together past the depth limit rather than splitting for ever', () => {
    const lats = new Array<number>(50).fill(seattle.lat);
    const lngs = new Array<number>(50).fill(seattle.lng);
    const pieces = partitionPieces(lats, lngs, 10);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.key).toHaveLength(PIECE_MAX_DEPTH);
    expect(pieces[0]!.members).toHaveLength(50);
  });

  it('makes one piece of a small set and none of an empty one', () => {
    expect(partitionPieces([seattle.lat], [seattle.lng])).toEqual([{ key: '', members: [0] }]);
    expect(partitionPieces([], [])).toEqual([]);
  });
});

describe('nearest pieces first', () => {
  it('measures 0 inside a cell and the distance to its nearest edge outside, the unplaced piece never near', () => {
    const here = pieceKeyAt(seattle.lat, seattle.lng, 10);
    expect(pieceDistanceMiles(seattle, here)).toBe(0);
    const there = pieceKeyAt(minneapolis.lat, minneapolis.lng, 10);
    const far = pieceDistanceMiles(seattle, there);
    expect(far).toBeGreaterThan(1300);
    expect(far).toBeLessThan(1400);
    expect(pieceDistanceMiles(seattle, UNPLACED_PIECE_KEY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('measures across the antimeridian the short way round', () => {
    const fiji = pieceKeyAt(-17.7, 178.9, 8);
    expect(pieceDistanceMiles({ lat: -17.7, lng: -179.9 }, fiji)).toBeLessThan(200);
  });

  it('orders pieces from the person, so Seattle comes before Minneapolis for someone in Seattle', () => {
    const pieces = [
      { key: UNPLACED_PIECE_KEY },
      { key: pieceKeyAt(minneapolis.lat, minneapolis.lng, 8) },
      { key: pieceKeyAt(seattle.lat, seattle.lng, 8) },
      { key: pieceKeyAt(40.7, -74, 8) },
    ];
    expect(piecesNearestFirst(pieces, seattle).map((piece) => piece.key)).toEqual([
      pieces[2]!.key,
      pieces[1]!.key,
      pieces[3]!.key,
      UNPLACED_PIECE_KEY,
    ]);
  });
});

describe('planPieces', () => {
  it('keeps what the index names the same, drops the rest and fetches what is missing', () => {
    const stored = [
      { key: '0', name: '0.aaaaaaaaaaaaaaaa' },
      { key: '1', name: '1.bbbbbbbbbbbbbbbb' },
      { key: '2', name: '2.cccccccccccccccc' },
    ];
    const index = [
      { key: '0', name: '0.aaaaaaaaaaaaaaaa', restrooms: 3 },
      { key: '1', name: '1.dddddddddddddddd', restrooms: 4 },
      { key: '20', name: '20.eeeeeeeeeeeeeeee', restrooms: 5 },
      { key: '3', name: '3.ffffffffffffffff', restrooms: 6 },
    ];
    const plan = planPieces(index, stored);
    expect(plan.keep.map((piece) => piece.key)).toEqual(['0']);
    expect(plan.drop.map((piece) => piece.key)).toEqual(['1', '2']);
    expect(plan.fetch.map((piece) => piece.key)).toEqual(['1', '20', '3']);
  });

  it('fetches everything on a fresh device and nothing once all is stored', () => {
    const index = [{ key: '', name: '.0123456789abcdef' }];
    expect(planPieces(index, []).fetch).toEqual(index);
    expect(planPieces(index, index)).toEqual({ keep: index, drop: [], fetch: [] });
  });
});
