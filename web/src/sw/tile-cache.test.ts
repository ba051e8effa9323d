import { describe, expect, it } from 'vitest';
import { KEEP_TILES_ON_SCREEN, MAX_TILES_ON_SCREEN } from '../lib/map-tiles/tiles-on-screen-message';
import { requestIsMapTile, tilesToKeep } from './tile-cache';

const tile = (href: string, destination: RequestDestination = 'image') => requestIsMapTile(new URL(href), destination);

describe('requestIsMapTile', () => {
  it('recognises z/x/y tile images on any tile server', () => {
    expect(tile('https://tile.openstreetmap.org/15/7893/11744.png')).toBe(true);
    expect(tile('https://tiles.example.net/styles/basic/15/7893/11744@2x.webp?key=abc')).toBe(true);
    expect(tile('http://127.0.0.1:8081/3/1/2.jpg')).toBe(true);
  });

  it('leaves everything else to the network', () => {
    expect(tile('https://tile.openstreetmap.org/15/7893/11744.png', 'script')).toBe(false);
    expect(tile('https://allstall.example/api/1/2/3.png')).toBe(false);
    expect(tile('https://allstall.example/icons/icon-192.png')).toBe(false);
    expect(tile('https://tile.openstreetmap.org/15/7893/11744.json')).toBe(false);
  });
});

describe('tilesToKeep', () => {
  const message = (urls: unknown) => ({ type: KEEP_TILES_ON_SCREEN, urls });
  const hrefs = (data: unknown) => tilesToKeep(data).map((url) => url.href);

  it('takes the tiles a page says it shows, once each', () => {
    const tile = 'http://127.0.0.1:8081/15/7893/11744.png';
    expect(hrefs(message([tile, 'https://tile.openstreetmap.org/15/7894/11744.png', tile]))).toEqual([
      tile,
      'https://tile.openstreetmap.org/15/7894/11744.png',
    ]);
  });

  it('takes nothing but map tiles on an http(s) server, and at most a screenful', () => {
    expect(hrefs(message(['https://allstall.example/api/1/2/3.png', 'ftp://tiles.example/1/2/3.png', 'not a url', 42, null]))).toEqual([]);
    const many = Array.from({ length: MAX_TILES_ON_SCREEN + 10 }, (_, i) => `https://tiles.example/18/${i}/7.png`);
    expect(hrefs(message(many))).toHaveLength(MAX_TILES_ON_SCREEN);
  });

  it('ignores any other message', () => {
    expect(hrefs({ type: 'something-else', urls: ['https://tiles.example/1/2/3.png'] })).toEqual([]);
    expect(hrefs(message('https://tiles.example/1/2/3.png'))).toEqual([]);
    expect(hrefs('https://tiles.example/1/2/3.png')).toEqual([]);
    expect(hrefs(null)).toEqual([]);
  });
});
