import type { DistanceUnits } from '../region.js';
import type { LatLng } from '../schemas/config.js';

/** Mean Earth radius in miles (IUGG), the figure haversine distances are usually quoted against. */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in miles, unrounded; for sorting, where rounding would scramble ties. */
export function restroomDistanceMilesExact(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against h creeping past 1 through floating-point error for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to 2 decimals, as the product shows them; every shown distance goes through here. */
export function roundedMiles(exactMiles: number): number {
  return Math.round(exactMiles * 100) / 100;
}

/** The international mile in kilometres, exactly. */
export const KILOMETRES_PER_MILE = 1.609344;

/**
 * A distance in miles in the deployment's units (docs/product-rules.md#distance), rounded to 2
 * decimals as shown. Rows carry miles already rounded to 2 decimals, so a kilometre figure may be
 * 0.01 off the exact one: under the precision anyone walking to a restroom could notice.
 */
export function distanceInUnits(miles: number, units: DistanceUnits): number {
  return units === 'km' ? Math.round(miles * KILOMETRES_PER_MILE * 100) / 100 : roundedMiles(miles);
}

const distanceFormatters = new Map<string, Intl.NumberFormat>();

/**
 * "0.42 mi" or "0.68 km": every distance the app shows is written this way. Another `locale` writes
 * the figure as its `Intl` does ('es' → "0,42 mi"); "mi" and "km" read the same in both languages.
 */
export function distanceText(miles: number, units: DistanceUnits, locale = 'en-US'): string {
  const value = distanceInUnits(miles, units);
  if (locale.toLowerCase().split('-')[0] === 'en') return `${value.toFixed(2)} ${units}`;
  let formatter = distanceFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    distanceFormatters.set(locale, formatter);
  }
  return `${formatter.format(value)} ${units}`;
}

/** Great-circle (haversine) distance in miles, rounded to 2 decimals as the product shows it. */
export function restroomDistanceMiles(a: LatLng, b: LatLng): number {
  return roundedMiles(restroomDistanceMilesExact(a, b));
}

export interface Locatable {
  latitude: number | null;
  longitude: number | null;
}

/**
 * The `k` rows nearest to `origin`, nearest first, each with its `distance` in miles (2 decimals).
 * Rows without coordinates cannot be placed and are left out. Equal distances keep input order.
 */
export function nearestRestrooms<T extends Locatable>(
  rows: readonly T[],
  origin: LatLng,
  k: number = Number.POSITIVE_INFINITY,
): Array<T & { distance: number }> {
  const measured: Array<{ row: T; exact: number }> = [];
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) continue;
    measured.push({ row, exact: restroomDistanceMilesExact(origin, { lat: row.latitude, lng: row.longitude }) });
  }
  measured.sort((x, y) => x.exact - y.exact);
  return measured
    .slice(0, k)
    .map(({ row, exact }) => ({ ...row, distance: roundedMiles(exact) }));
}
