import type { RestroomMapProps } from '../restrooms-map';

/** Stands in for the Leaflet map in /bathrooms tests: says what it was given. */
export default function TestRestroomMap({ restrooms, origin }: RestroomMapProps) {
  return (
    <div role="region" aria-label="Map of restrooms">
      <p>Map centred on {origin?.label ?? 'the region'}</p>
      <ul aria-label="Map markers">
        {restrooms.map((restroom) => (
          <li key={restroom.id}>{restroom.name}</li>
        ))}
      </ul>
    </div>
  );
}
