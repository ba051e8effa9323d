import { describe, expect, it } from 'vitest';
import { requestIsMapTile } from './tile-cache';

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
