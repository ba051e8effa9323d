import { useEffect, useMemo, useState } from 'react';
import { expandRestroom, pieceDistanceMiles, type CompactRestroom, type LatLng } from '@allstall/shared';
import { useSyncStatus } from '@/hooks/use-sync-status';
import { firstRows } from '@/lib/device/first-rows';
import { useServices } from '@/lib/services';
import { compactIsPublic, type MirrorView } from '@/lib/sync/mirror-store';
import type { SyncProgress } from '@/lib/sync/sync-engine';
import { askNearby } from './early-nearby';
import { nearestList, type NearestList } from './nearest-list';

/*
 * Near you first (docs/offline-data.md#near-you-first): on a first visit, or wherever the person
 * looks that the device does not hold yet, the list and the map show the server's nearby answer
 * (a few kilobytes) at once, marked as not saved on this device, while the first sync fills the
 * mirror behind it, their own piece first. Once the mirror holds that spot, the view is the
 * mirror's again: the same restrooms in the same order, so nothing jumps. Offline, the answer never
 * comes and the view is the device's own, as always.
 */

/** The rows whose order must be right before the device's own list stands in: the list's first page. */
const FIRST_PAGE = 25;
/** A cell's distance is measured to a point of it, a hair more than its nearest point on the sphere may be. */
const CELL_SLACK = 0.99;

export interface NearbyFirst {
  /** What the list and the map show: the nearby answer, or the mirror's own list. */
  list: NearestList | undefined;
  /** True while `list` is the server's answer, not yet saved on this device. */
  fromServer: boolean;
}

/**
 * Whether what this tab holds answers for `origin`: a first sync has ended, or every piece whose
 * cell could hold a restroom nearer than the last of the first page held from there is in memory.
 */
export function holdsAround(origin: LatLng, mirrorList: NearestList | undefined, pieces: SyncProgress['pieces'] | undefined): boolean {
  if (pieces === undefined || pieces.all.length === 0) return false;
  const held = new Set(pieces.held);
  if (pieces.all.every((key) => held.has(key))) return true;
  const page = mirrorList?.first(FIRST_PAGE) ?? [];
  const reach = page.length < FIRST_PAGE ? Number.POSITIVE_INFINITY : (page.at(-1)?.distance ?? Number.POSITIVE_INFINITY);
  return pieces.all.every((key) => held.has(key) || pieceDistanceMiles(origin, key) * CELL_SLACK > reach);
}

/** A view of the nearby answer's rows, for the same list and map code the mirror's rows go through. */
function answerView(rows: readonly CompactRestroom[]): MirrorView {
  const byId = new Map(rows.map((row) => [row[0], row] as const));
  return {
    version: -1,
    rows: rows.filter(compactIsPublic),
    columns: null,
    complete: true,
    compact: (id) => byId.get(id),
    get: (id) => {
      const row = byId.get(id);
      return row && expandRestroom(row);
    },
  };
}

/**
 * The list to show from `origin`: the mirror's, or the server's nearby answer where the device does
 * not hold that spot yet. Also tells the sync where the person looks, so their piece comes first.
 */
export function useNearbyFirst(origin: LatLng, mirrorList: NearestList | undefined): NearbyFirst {
  const { api, sync } = useServices();
  const { holdsAll, progress } = useSyncStatus();
  const { lat, lng } = origin;
  useEffect(() => sync.focus.set({ lat, lng }), [sync, lat, lng]);
  const waiting = useMemo(
    () => holdsAll === false && !holdsAround({ lat, lng }, mirrorList, progress?.pieces),
    [holdsAll, lat, lng, mirrorList, progress?.pieces],
  );
  const key = `${lat},${lng}`;
  const [answer, setAnswer] = useState<{ key: string; rows: CompactRestroom[] } | null>(null);
  const answered = answer?.key === key;
  useEffect(() => {
    if (!waiting || answered) return;
    const asked = new AbortController();
    // No answer (no signal, a server error) leaves the device's own list, as offline.
    // Rounded to about 100 m there, and perhaps asked already before the first render.
    askNearby(api, { lat, lng }, asked.signal).then(
      (rows) => setAnswer({ key, rows }),
      // The device's own list stands; what waited for the first rows need wait no longer.
      () => asked.signal.aborted || firstRows.open(),
    );
    return () => asked.abort();
  }, [api, waiting, answered, key, lat, lng]);
  // The first rows are on screen (the answer's, or the device's own where it holds the spot): what
  // the app held back for them loads now (lib/device/first-rows.ts).
  const shown = holdsAll === true || (holdsAll === false && (!waiting || answered));
  useEffect(() => {
    if (shown) firstRows.open();
  }, [shown]);
  const served = useMemo(() => (answer ? nearestList(answerView(answer.rows), { lat, lng }) : undefined), [answer, lat, lng]);
  if (waiting && answered && served) return { list: served, fromServer: true };
  return { list: mirrorList, fromServer: false };
}
