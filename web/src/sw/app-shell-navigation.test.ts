import { OPEN_DATA_PATHS } from '@allstall/shared';
import { describe, expect, it } from 'vitest';
import { addRestroomPath } from '../lib/links/app-paths';
import { nearestOpenNowLink } from '../lib/links/visit-links';
import { navigationOpensAppShell } from './app-shell-navigation';

const opensShell = (path: string) => navigationOpensAppShell(new URL(path, 'https://allstall.example'));

describe('navigationOpensAppShell', () => {
  it('lets the About page’s download links through to the server', () => {
    expect(opensShell(OPEN_DATA_PATHS.geojson)).toBe(false);
    expect(opensShell(OPEN_DATA_PATHS.csv)).toBe(false);
    expect(opensShell(OPEN_DATA_PATHS.index)).toBe(false);
  });

  it('opens the app shell for in-app addresses, the tools screen at /api among them', () => {
    expect(opensShell('/about')).toBe(true);
    expect(opensShell('/bathrooms/0190a000-0000-7000-8000-000000000001')).toBe(true);
    expect(opensShell('/api')).toBe(true);
    expect(opensShell('/bathrooms?q=/api/')).toBe(true);
  });

  it('opens the app shell for the home-screen shortcuts, query and all, so they work offline', () => {
    expect(opensShell(nearestOpenNowLink)).toBe(true);
    expect(opensShell(addRestroomPath)).toBe(true);
  });
});
