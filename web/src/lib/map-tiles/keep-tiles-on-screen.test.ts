import { describe, expect, it } from 'vitest';
import { keepTilesOnScreenAtTakeover, tilesOnScreen } from './keep-tiles-on-screen';
import { KEEP_TILES_ON_SCREEN } from './tiles-on-screen-message';

function mapWithTiles(...sources: string[]): HTMLElement {
  const map = document.createElement('div');
  for (const src of sources) {
    const image = document.createElement('img');
    image.className = 'leaflet-tile';
    image.src = src;
    map.append(image);
  }
  // Not a tile: a pin's icon is an image too.
  const pin = document.createElement('img');
  pin.className = 'leaflet-marker-icon';
  pin.src = 'https://allstall.example/icons/pin.png';
  map.append(pin);
  return map;
}

/** The page's side of navigator.serviceWorker that the takeover needs: a controller and its change event. */
class Container extends EventTarget {
  posted: unknown[] = [];
  constructor(public controller: { postMessage(message: unknown): void } | null) {
    super();
  }
  takeOver(): void {
    this.controller = { postMessage: (message) => this.posted.push(message) };
    this.dispatchEvent(new Event('controllerchange'));
  }
}

const listen = (container: Container, root: ParentNode) =>
  keepTilesOnScreenAtTakeover(container as unknown as ServiceWorkerContainer, root);

describe('tilesOnScreen', () => {
  it('lists each tile image once, and no blanked tile', () => {
    const map = mapWithTiles(
      'https://tile.openstreetmap.org/15/7893/11744.png',
      'https://tile.openstreetmap.org/15/7894/11744.png',
      'https://tile.openstreetmap.org/15/7893/11744.png',
      'data:image/gif;base64,R0lGODlhAQABAAD/ACwAAAAAAQABAAACADs=',
    );
    expect(tilesOnScreen(map)).toEqual(['https://tile.openstreetmap.org/15/7893/11744.png', 'https://tile.openstreetmap.org/15/7894/11744.png']);
  });
});

describe('keepTilesOnScreenAtTakeover', () => {
  it('hands the tiles on screen to the worker that first takes the page over, once', () => {
    const map = mapWithTiles('https://tile.openstreetmap.org/15/7893/11744.png');
    const container = new Container(null);
    listen(container, map);
    container.takeOver();
    container.takeOver();
    expect(container.posted).toEqual([{ type: KEEP_TILES_ON_SCREEN, urls: ['https://tile.openstreetmap.org/15/7893/11744.png'] }]);
  });

  it('sends nothing when the page was already controlled, or shows no tile', () => {
    const controlled = new Container({ postMessage: () => undefined });
    listen(controlled, mapWithTiles('https://tile.openstreetmap.org/15/7893/11744.png'));
    controlled.takeOver();
    expect(controlled.posted).toEqual([]);

    const noMap = new Container(null);
    listen(noMap, mapWithTiles());
    noMap.takeOver();
    expect(noMap.posted).toEqual([]);
  });
});
