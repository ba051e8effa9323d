import { MAPS_APPS, type MapsApp } from '../links/maps-links';
import { readStored, writeStored } from './stored-settings';

/*
 * The maps app Directions opens (docs/product-rules.md#directions): the person's choice from the
 * drawer, kept on this device; until they choose, Apple Maps on an iPhone, iPad or Mac (where it is
 * the maps app already there) and Google Maps elsewhere.
 */

const KEY = 'mapsApp';
const VERSION = 1;
/** Said on the window when the person chooses, so every Directions link on screen follows at once. */
const CHOSEN = 'allstall:maps-app-chosen';

export const isMapsApp = (value: unknown): value is MapsApp => (MAPS_APPS as readonly unknown[]).includes(value);

/**
 * Apple's devices by their user agent and platform. An iPad asks for desktop pages and says
 * "Macintosh", which lands on Apple Maps too, as it should.
 */
export const defaultMapsApp = (userAgent: string, platform = ''): MapsApp =>
  /iPhone|iPad|iPod|Mac/.test(`${userAgent} ${platform}`) ? 'apple' : 'google';

/** The choice kept on this device, or null when the person has not chosen. */
export const storedMapsApp = (): MapsApp | null => readStored('local', KEY, VERSION, (value) => (isMapsApp(value) ? value : null));

/** The maps app in use now: the kept choice, else this device's default. */
export const mapsApp = (): MapsApp => storedMapsApp() ?? defaultMapsApp(navigator.userAgent, navigator.platform);

/** Calls `listener` whenever a choice is made in this tab; returns how to stop. */
export function onMapsAppChosen(listener: () => void): () => void {
  addEventListener(CHOSEN, listener);
  return () => removeEventListener(CHOSEN, listener);
}

/** The drawer's setting: keeps the choice on this device, and every Directions link follows it. */
export function chooseMapsApp(app: MapsApp): void {
  writeStored('local', KEY, VERSION, app);
  dispatchEvent(new Event(CHOSEN));
}
