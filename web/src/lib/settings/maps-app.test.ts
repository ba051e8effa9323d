import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseMapsApp, defaultMapsApp, mapsApp, onMapsAppChosen, storedMapsApp } from './maps-app';

afterEach(() => localStorage.clear());

// Real user agents (and navigator.platform) as each browser sends them.
const DEVICES = {
  iPhone: ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'iPhone'],
  // An iPad asks for desktop pages and introduces itself as a Mac.
  iPad: ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'MacIntel'],
  'Chrome on a Mac': ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'MacIntel'],
  'Chrome on an iPhone': ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'iPhone'],
  Android: ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Linux armv81'],
  Windows: ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Win32'],
  'Firefox on Linux': ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Linux x86_64'],
} as const;

describe('defaultMapsApp', () => {
  it.each(['iPhone', 'iPad', 'Chrome on a Mac', 'Chrome on an iPhone'] as const)('is Apple Maps on %s', (device) => {
    const [userAgent, platform] = DEVICES[device];
    expect(defaultMapsApp(userAgent, platform)).toBe('apple');
  });

  it.each(['Android', 'Windows', 'Firefox on Linux'] as const)('is Google Maps on %s', (device) => {
    const [userAgent, platform] = DEVICES[device];
    expect(defaultMapsApp(userAgent, platform)).toBe('google');
  });

  it('reads the platform when the user agent says nothing of it', () => {
    expect(defaultMapsApp('Mozilla/5.0', 'iPad')).toBe('apple');
    expect(defaultMapsApp('Mozilla/5.0', '')).toBe('google');
  });
});

describe('the maps app kept on this device', () => {
  it('is the device’s default until the person chooses, then the choice, in every tab’s later reads', () => {
    // jsdom introduces itself as neither an Apple device nor anything else: Google Maps.
    expect(storedMapsApp()).toBeNull();
    expect(mapsApp()).toBe('google');

    chooseMapsApp('apple');
    expect(JSON.parse(localStorage.getItem('allstall:mapsApp') ?? 'null')).toEqual({ version: 1, value: 'apple' });
    expect(storedMapsApp()).toBe('apple');
    expect(mapsApp()).toBe('apple');
  });

  it('tells every listener at once of a choice, until it stops listening', () => {
    const listener = vi.fn();
    const stop = onMapsAppChosen(listener);
    chooseMapsApp('osm');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    chooseMapsApp('google');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores a kept value that is not a maps app, or of another version', () => {
    localStorage.setItem('allstall:mapsApp', JSON.stringify({ version: 1, value: 'waze' }));
    expect(mapsApp()).toBe('google');
    localStorage.setItem('allstall:mapsApp', JSON.stringify({ version: 2, value: 'apple' }));
    expect(mapsApp()).toBe('google');
  });
});
