import { startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from './fake-service.js';
import { overpassAnswer } from './fake-overpass.js';

/*
 * A stand-in for Overpass at national scale: `count` generated toilets spread evenly over a box,
 * answered for any `nwr["amenity"="toilets"](S,W,N,E)` query. Like the real service it refuses a
 * query that asks for too much (a 200 with a "runtime error" remark) when a box holds more than
 * `maxPerAnswer` toilets, and it can hold answers back so a test can stop an import mid-way:
 *
 *   const overpass = await startBulkOverpass({ box, count: 20_000, maxPerAnswer: 1000 });
 *   overpass.holdAfter(3);        // answer three more queries, then keep the rest waiting
 *   await overpass.waitForHeld(); // a query is waiting
 *   overpass.release();           // answer the waiting ones and every later one
 */

export interface BulkBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface BulkOverpass extends FakeService {
  /** Every generated toilet's source id, `node/<id>`. */
  sourceIds: readonly string[];
  queries(): string[];
  /** Answer `count` more queries, then hold each later one until `release()`. */
  holdAfter(count: number): void;
  /** Queries waiting for `release()`. */
  heldCount(): number;
  release(): void;
  /** Refused queries ("runtime error"), so far. */
  refusedCount(): number;
}

interface BulkToilet {
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
}

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const BBOX = new RegExp(`\\((${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})\\)`);

/** `count` toilets on an even grid inside `box` (never on its edges), ids from `firstId`. */
function bulkToilets(box: BulkBox, count: number, firstId = 9_000_000_001): BulkToilet[] {
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const toilets: BulkToilet[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = Math.floor(index / columns);
    const column = index % columns;
    const id = firstId + index;
    toilets.push({
      id,
      lat: box.south + ((row + 0.5) / rows) * (box.north - box.south),
      lon: box.west + ((column + 0.5) / columns) * (box.east - box.west),
      tags: {
        amenity: 'toilets',
        name: `Public toilet ${index + 1}`,
        'addr:city': 'Minneapolis',
        ...(index % 3 === 0 ? { wheelchair: 'yes' } : {}),
        ...(index % 5 === 0 ? { opening_hours: '24/7' } : {}),
      },
    });
  }
  return toilets;
}

export async function startBulkOverpass({ box, count, maxPerAnswer = Number.POSITIVE_INFINITY }: { box: BulkBox; count: number; maxPerAnswer?: number }): Promise<BulkOverpass> {
  const toilets = bulkToilets(box, count);
  const queryOf = (request: RecordedRequest) => new URLSearchParams(request.body).get('data') ?? '';
  let answersBeforeHold = Number.POSITIVE_INFINITY;
  let waiting: Array<() => void> = [];
  let refused = 0;

  const answerNow = (request: RecordedRequest): FakeAnswer => {
    const match = BBOX.exec(queryOf(request));
    if (match === null) return { status: 400, json: { error: 'this fake answers box queries only' } };
    const [south, west, north, east] = match.slice(1).map(Number) as [number, number, number, number];
    const inside = toilets.filter((toilet) => toilet.lat >= south && toilet.lat <= north && toilet.lon >= west && toilet.lon <= east);
    if (inside.length > maxPerAnswer) {
      refused += 1;
      return { status: 200, json: { ...overpassAnswer([]), remark: 'runtime error: Query run out of memory using about 2048 MB of RAM.' } };
    }
    return { status: 200, json: overpassAnswer(inside.map(({ id, lat, lon, tags }) => ({ type: 'node', id, lat, lon, tags }))) };
  };

  const answer = (request: RecordedRequest): FakeAnswer | Promise<FakeAnswer> => {
    if (request.method !== 'POST' || request.path !== '/api/interpreter') return { status: 404, json: { error: 'not found' } };
    if (answersBeforeHold > 0) {
      answersBeforeHold -= 1;
      return answerNow(request);
    }
    return new Promise((resolve) => waiting.push(() => resolve(answerNow(request))));
  };

  const service = await startFakeService(answer);
  return {
    ...service,
    sourceIds: toilets.map((toilet) => `node/${toilet.id}`),
    queries: () => service.requests.map(queryOf),
    holdAfter(answers) {
      answersBeforeHold = answers;
    },
    heldCount: () => waiting.length,
    release() {
      answersBeforeHold = Number.POSITIVE_INFINITY;
      const held = waiting;
      waiting = [];
      for (const go of held) go();
    },
    refusedCount: () => refused,
  };
}
