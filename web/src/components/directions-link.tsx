import type { LatLng } from '@allstall/shared';
import { useMapsApp } from '../hooks/use-maps-app';
import { directionsUrl, type Place } from '../lib/links/maps-links';
import { DirectionsIcon } from './icons';
import { useT } from '../lib/i18n/use-t';

interface DirectionsLinkProps {
  place: Place & { name: string };
  /** A real position only; null lets the maps service start from wherever the person is. */
  from: LatLng | null;
  className: string;
}

/** Directions to the restroom's coordinates in the person's maps app, in a new tab, named after it for screen readers. */
export function DirectionsLink({ place, from, className }: DirectionsLinkProps) {
  const t = useT();
  const app = useMapsApp();
  return (
    <a
      className={className}
      href={directionsUrl(place, from, app)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('card.directionsTo', { name: place.name })}
    >
      <DirectionsIcon size={20} />
      {t('card.directions')}
    </a>
  );
}
