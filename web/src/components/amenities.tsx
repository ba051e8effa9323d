import type { Restroom } from '@allstall/shared';
import type { IconProps } from './icons';
import { AccessibleIcon, ChangingTableIcon, GenderNeutralIcon, PublicIcon, SingleStallIcon } from './icons';

type AmenityKey = 'unisex' | 'changing_table' | 'accessible' | 'is_single_stall';

/** The amenities the list shows, in the product's order, with the words used everywhere for them. */
export const AMENITIES: ReadonlyArray<{ key: AmenityKey; label: string; Icon: (p: IconProps) => React.JSX.Element }> = [
  { key: 'unisex', label: 'Gender-neutral', Icon: GenderNeutralIcon },
  { key: 'changing_table', label: 'Changing table', Icon: ChangingTableIcon },
  { key: 'accessible', label: 'Wheelchair accessible', Icon: AccessibleIcon },
  { key: 'is_single_stall', label: 'Single stall', Icon: SingleStallIcon },
];

export function presentAmenities(restroom: Pick<Restroom, AmenityKey>) {
  return AMENITIES.filter((amenity) => restroom[amenity.key]);
}

/** Not an amenity of the room but of the place: the map's info window shows it, the list does not (docs/product-rules.md#list). */
const PUBLIC_AMENITY = { key: 'public', label: 'Open to the public', Icon: PublicIcon } as const;

interface AmenityIconsProps {
  restroom: Pick<Restroom, AmenityKey> & Partial<Pick<Restroom, 'public'>>;
  withPublic?: boolean;
}

/** Compact row of icons, each announced by name. */
export function AmenityIcons({ restroom, withPublic = false }: AmenityIconsProps) {
  const amenities = presentAmenities(restroom);
  const present = withPublic && restroom.public === true ? [...amenities, PUBLIC_AMENITY] : amenities;
  if (present.length === 0) return null;
  return (
    <ul className="amenity-icons" aria-label="Amenities">
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <Icon title={label} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Small icons for a list row, beside its distance. A screen reader hears the amenities' names as
 * one short phrase instead of a list of images inside every row of the restroom list.
 */
export function AmenityGlance({ restroom }: { restroom: Pick<Restroom, AmenityKey> }) {
  const present = presentAmenities(restroom);
  if (present.length === 0) return null;
  return (
    <p className="amenity-glance">
      {present.map(({ key, Icon }) => (
        <span key={key} className="amenity-glance__icon">
          <Icon size={16} />
        </span>
      ))}
      <span className="sr-only">{present.map(({ label }) => label).join(', ')}</span>
    </p>
  );
}

interface AmenityLinesProps {
  restroom: Pick<Restroom, AmenityKey>;
  /** 'Know this? Tell us' beside an unknown amenity: opens Suggest changes on that field. */
  onTellUs?: ((field: AmenityKey) => void) | undefined;
}

/** One line per amenity, icon and words, for the detail screen. */
export function AmenityLines({ restroom, onTellUs }: AmenityLinesProps) {
  const present = presentAmenities(restroom);
  // W3's stand-in for W2's tri-state lines: only what the 'Know this? Tell us' wiring needs.
  const unknown = AMENITIES.filter((amenity) => restroom[amenity.key] === null);
  if (present.length === 0 && unknown.length === 0) return null;
  return (
    <ul className="amenity-lines" aria-label="Amenities">
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <Icon />
          <span>{label}</span>
        </li>
      ))}
      {unknown.map(({ key, label, Icon }) => (
        <li key={key}>
          <Icon />
          <span>{label}: unknown</span>
          {onTellUs && (
            <button type="button" className="button button--quiet button--small" aria-haspopup="dialog" onClick={() => onTellUs(key)}>
              Know this? Tell us
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
