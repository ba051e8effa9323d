/*
 * Links that open a screen set up for one visit, written once: the installed app's home-screen
 * shortcuts (vite.config.ts's manifest) and any link alike, so a shortcut and a link behave the same
 * (docs/product-rules.md#links-for-one-visit). Plain constants with no imports of the app's, since
 * the build's config reads this module too.
 */

/** `/bathrooms?open=now`: the 'Open now' filter on for this visit, on top of the filters kept on the device. */
export const OPEN_PARAMETER = 'open';
export const OPEN_NOW = 'now';
/** `/bathrooms?sort=nearest`: the list (not the map), nearest first from the person's position when they have allowed it. */
export const SORT_PARAMETER = 'sort';
export const SORT_NEAREST = 'nearest';

/** The 'Nearest open now' shortcut: the list of restrooms open now, nearest first. */
export const nearestOpenNowLink = `/bathrooms?${OPEN_PARAMETER}=${OPEN_NOW}&${SORT_PARAMETER}=${SORT_NEAREST}`;
