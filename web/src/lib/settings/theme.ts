import { readStored, writeStored } from './stored-settings';

/*
 * Light or dark (docs/architecture.md#themes). The person's choice is System, Light or Dark, kept on
 * this device; System follows the operating system's setting, live. The resolved theme goes on
 * <html data-theme> (base.css picks its tokens by it) and `color-scheme` (native controls and
 * scrollbars follow), and the browser's own bar takes the top bar's colour.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

const KEY = 'theme';
const VERSION = 1;
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The top bar's colour in each theme (base.css --top-bar-bg), for <meta name="theme-color">. */
const BAR_COLOURS: Record<Theme, string> = { light: '#5272F2', dark: '#232b52' };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The choice kept on this device; System when none is kept or what is kept is not a choice. */
export function storedThemeChoice(): ThemeChoice {
  return readStored('local', KEY, VERSION, (value) => (isThemeChoice(value) ? value : null)) ?? 'system';
}

function darkQuery(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
}

/** The theme a choice means now: System asks the operating system. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean = darkQuery()?.matches ?? false): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** Puts a theme on the document: tokens, native controls, and the browser's bar. */
function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOURS[theme]);
}

let stopFollowing: (() => void) | null = null;

/**
 * Applies `choice` now and, for System, again whenever the operating system switches. Called once
 * before the first render with the stored choice, and again by the drawer's setting.
 */
export function followThemeChoice(choice: ThemeChoice): void {
  stopFollowing?.();
  stopFollowing = null;
  applyTheme(resolveTheme(choice));
  if (choice !== 'system') return;
  const query = darkQuery();
  if (!query) return;
  const onChange = (event: MediaQueryListEvent) => applyTheme(event.matches ? 'dark' : 'light');
  query.addEventListener('change', onChange);
  stopFollowing = () => query.removeEventListener('change', onChange);
}

/** The drawer's setting: remembers the choice on this device and applies it. */
export function chooseTheme(choice: ThemeChoice): void {
  writeStored('local', KEY, VERSION, choice);
  followThemeChoice(choice);
}
