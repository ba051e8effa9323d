import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0×0 and Leaflet would see a map of no size.
 * For the file's tests, only the map container is given a size (that of a phone held sideways);
 * nothing else is faked.
 */
export function giveTheMapASize(): void {
  const size = { clientWidth: 800, clientHeight: 600 };
  beforeAll(() => {
    for (const [name, value] of Object.entries(size)) {
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return this.classList.contains('leaflet-container') ? value : 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const name of Object.keys(size)) Reflect.deleteProperty(HTMLElement.prototype, name);
  });
}
