import type { RestroomMapProps } from '../restrooms-map';
import type { PlacedRestroom } from '@/lib/restrooms/placed-restrooms';

/** Stands in for the Leaflet map in /bathrooms tests: says what it was given, its placed restrooms nearest first. */
export default function TestRestroomMap({ restrooms, origin }: RestroomMapProps) {
  const placed: PlacedRestroom[] = [];
  for (let at = 0; at < restrooms.placed().length; at++) {
    const restroom = restrooms.placedRestroom(at);
    if (restroom) placed.push(restroom);
  }
  placed.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  return (
    <div role="region" aria-label="Map of restrooms">
      <p>Map centred on {origin?.label ?? 'the region'}</p>
      <ul aria-label="Map markers">
        {placed.map((restroom) => (
          <li key={restroom.id}>{restroom.name}</li>
        ))}
      </ul>
    </div>
  );
}
