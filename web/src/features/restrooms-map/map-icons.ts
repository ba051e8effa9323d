import { DivIcon, type DivIconOptions } from 'leaflet';
import { distanceText, type DistanceUnits } from '@allstall/shared';
import type { PlacedRestroom } from './restroom-clusters';
import { activeIntlLocale, t as translate } from '@/lib/i18n/i18n';
import type { Translate } from '@/lib/i18n/use-t';

/**
 * A div icon that names itself for screen readers. Leaflet gives a keyboard marker tabindex and
 * role="button" but no name (its `alt` only reaches <img> icons), and it reuses the element when an
 * icon changes, so setting the name here keeps it, and keeps focus, across redraws.
 */
class NamedIcon extends DivIcon {
  readonly attributes: Readonly<Record<string, string>>;

  constructor(options: DivIconOptions, attributes: Readonly<Record<string, string>>) {
    super(options);
    this.attributes = attributes;
  }

  override createIcon(oldIcon?: HTMLElement): HTMLElement {
    const element = super.createIcon(oldIcon);
    for (const [name, value] of Object.entries(this.attributes)) element.setAttribute(name, value);
    return element;
  }
}

/** Marks the element so focus can find its way back to it after a popup closes. */
export const MAP_KEY_ATTRIBUTE = 'data-map-key';

/** The pin's name: the restroom and its distance, the figure written as `intlLocale` writes numbers. */
export function restroomMarkerName(restroom: PlacedRestroom, units: DistanceUnits, intlLocale: string = activeIntlLocale()): string {
  return restroom.distance === null ? restroom.name : `${restroom.name}, ${distanceText(restroom.distance, units, intlLocale)}`;
}

export function clusterMarkerName(count: number, t: Translate = translate): string {
  return t('map.cluster', { count });
}

/**
 * A 30×30 pin (docs/product-rules.md#map) in the brand blue, with the "WC" sign people look for on doors,
 * drawn in the middle of a 44×44 box: the box is what a finger hits (map.css centres the drawing).
 */
const PIN_SVG =
  // i18n-exempt: SVG markup, no words
  '<svg viewBox="0 0 30 30" width="30" height="30" aria-hidden="true" focusable="false">' +
  '<path d="M15 29C14.3 29 4.5 20 4.5 12.5a10.5 10.5 0 0 1 21 0C25.5 20 15.7 29 15 29z" fill="#3f5ee0" stroke="#fff" stroke-width="1.5"/>' +
  // i18n-exempt: SVG markup, no words
  '<circle cx="15" cy="12.5" r="7" fill="#fff"/>' +
  // Drawn, not typed: a text node would be visible text that the marker's name does not contain.
  '<path d="M9.5 10l1.2 5 1.25-3.4 1.25 3.4 1.2-5M19.8 10.7a2.5 2.5 0 1 0 0 3.6" fill="none" stroke="#3f5ee0" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>' +
  '</svg>';

/** The smallest tap target (WCAG 2.5.5), for every pin and cluster. */
const MAP_TAP_SIZE = 44;

/** The drawing's point (15, 29 of its 30 × 30) sits this far into the tap box: the box's anchor, so the pin points where it did. */
const PIN_DRAWING_INSET = (MAP_TAP_SIZE - 30) / 2;
const PIN_ANCHOR: [number, number] = [PIN_DRAWING_INSET + 15, PIN_DRAWING_INSET + 29];

export function restroomIcon(restroom: PlacedRestroom, units: DistanceUnits, intlLocale: string): DivIcon {
  return new NamedIcon(
    { html: PIN_SVG, className: 'map-pin', iconSize: [MAP_TAP_SIZE, MAP_TAP_SIZE], iconAnchor: PIN_ANCHOR },
    { 'aria-label': restroomMarkerName(restroom, units, intlLocale), [MAP_KEY_ATTRIBUTE]: restroom.id },
  );
}

export function clusterIcon(count: number, crowded: boolean, t: Translate): DivIcon {
  // Drawn as large as its tap box: a ring of 44 reads as well as the 40 it was, and needs no second box.
  const size = count < 100 ? MAP_TAP_SIZE : 48;
  return new NamedIcon(
    {
      // i18n-exempt: the count's figure only; the marker's name carries the words
      html: `<span aria-hidden="true">${count}</span>`,
      className: `map-cluster${crowded ? ' map-cluster--crowded' : ''}`,
      iconSize: [size, size],
    },
    { 'aria-label': clusterMarkerName(count, t) },
  );
}

/** A dark dot in a white ring: unlike any restroom pin, and the usual sign for "you are here". */
export function originIcon(label: string): DivIcon {
  return new NamedIcon({ html: '', className: 'map-origin', iconSize: [22, 22] }, { role: 'img', 'aria-label': label });
}

/**
 * The same pin on the detail screen's small map: a picture inside a named map, so nothing of its
 * own for a screen reader to say, and not a control.
 */
export function restroomSpotIcon(): DivIcon {
  return new DivIcon({ html: PIN_SVG, className: 'spot-map__pin', iconSize: [30, 30], iconAnchor: [15, 29] });
}
