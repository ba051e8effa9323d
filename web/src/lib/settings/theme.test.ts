import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeStored } from './stored-settings';
import { chooseTheme, followThemeChoice, resolveTheme, storedThemeChoice } from './theme';

/** An operating system whose dark setting the test flips, telling listeners as a browser does. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return {
    switchTo(nowDark: boolean) {
      dark = nowDark;
      for (const listener of listeners) listener({ matches: nowDark } as MediaQueryListEvent);
    },
    listening: () => listeners.size,
  };
}

const root = () => document.documentElement;
const themeColour = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#5272F2';
  document.head.append(meta);
});

afterEach(() => {
  followThemeChoice('light'); // stops following the fake system before it goes
  vi.unstubAllGlobals();
  localStorage.clear();
  document.head.querySelector('meta[name="theme-color"]')?.remove();
  delete root().dataset.theme;
  root().style.colorScheme = '';
});

describe('the theme choice', () => {
  it('is System until one is chosen, and the choice is kept on the device', () => {
    expect(storedThemeChoice()).toBe('system');
    fakeSystem(false);
    chooseTheme('dark');
    expect(storedThemeChoice()).toBe('dark');
    chooseTheme('light');
    expect(storedThemeChoice()).toBe('light');
  });

  it('falls back to System when what is stored is not a choice', () => {
    writeStored('local', 'theme', 1, 'sepia');
    expect(storedThemeChoice()).toBe('system');
    writeStored('local', 'theme', 1, 42);
    expect(storedThemeChoice()).toBe('system');
    localStorage.setItem('allstall:theme', 'dark');
    expect(storedThemeChoice()).toBe('system');
  });

  it('resolves System by the operating system, and Light and Dark as themselves', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('puts the theme on <html>, its colour scheme, and the browser bar colour', () => {
    fakeSystem(false);
    chooseTheme('dark');
    expect(root().dataset.theme).toBe('dark');
    expect(root().style.colorScheme).toBe('dark');
    expect(themeColour()).toBe('#232b52');
    chooseTheme('light');
    expect(root().dataset.theme).toBe('light');
    expect(root().style.colorScheme).toBe('light');
    expect(themeColour()).toBe('#5272F2');
  });

  it('with System, follows the operating system as it switches, without a reload', () => {
    const system = fakeSystem(false);
    followThemeChoice('system');
    expect(root().dataset.theme).toBe('light');
    system.switchTo(true);
    expect(root().dataset.theme).toBe('dark');
    system.switchTo(false);
    expect(root().dataset.theme).toBe('light');
  });

  it('stops following the operating system once Light or Dark is chosen', () => {
    const system = fakeSystem(false);
    chooseTheme('system');
    expect(system.listening()).toBe(1);
    chooseTheme('light');
    expect(system.listening()).toBe(0);
    system.switchTo(true);
    expect(root().dataset.theme).toBe('light');
  });

  it('works where the browser cannot tell the system setting: System is then light', () => {
    vi.stubGlobal('matchMedia', undefined);
    followThemeChoice('system');
    expect(root().dataset.theme).toBe('light');
  });
});
