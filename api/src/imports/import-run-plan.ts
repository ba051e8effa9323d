import { importTilesOf, type BoundingBox, type ImportSource } from '@allstall/shared';
import type { AppConfig } from '../config.js';

/**
 * What an import run still has to fetch, stored with the run (as JSON) and moved on in the same
 * transaction as each step's rows, so a restart resumes exactly where the last step ended
 * (docs/architecture.md#import-runs).
 */
export type ImportRunPlan =
  /** The OpenStreetMap tiles still to fetch, the next first; a tile too big for Overpass is replaced by its quarters. */
  | { source: 'osm'; tiles: BoundingBox[] }
  /** The next Refuge page, and how many there are once Refuge has said (X-Total-Pages). */
  | { source: 'refuge'; nextPage: number; totalPages: number | null };

/** Listings per Refuge page: the most Refuge sends. */
export const REFUGE_RUN_PER_PAGE = 100;

/** A new run's plan and how many steps it will take, when that is known. */
export function firstPlan(source: ImportSource, config: Pick<AppConfig, 'region' | 'importRun'>): { plan: ImportRunPlan; stepsTotal: number | null } {
  if (source === 'refuge') return { plan: { source, nextPage: 1, totalPages: null }, stepsTotal: null };
  const tiles = importTilesOf(config.region.importBoxes, config.importRun.tileDegrees);
  return { plan: { source, tiles }, stepsTotal: tiles.length };
}

export function planOf(json: string): ImportRunPlan {
  return JSON.parse(json) as ImportRunPlan;
}
