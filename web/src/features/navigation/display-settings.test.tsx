import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectionsLink } from '@/components/directions-link';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { DisplaySettings } from './display-settings';

const library = { name: 'Quiet Library', latitude: 44.98, longitude: -93.26, street: '300 Nicollet Mall', city: 'Minneapolis', state: 'MN' };

/** The drawer's settings, with a restroom's Directions link on the page behind it. */
function renderSettings() {
  return render(
    <I18nProvider i18n={i18n}>
      <DisplaySettings />
      <DirectionsLink place={library} from={null} className="button" />
    </I18nProvider>,
  );
}

afterEach(async () => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  await act(() => activateLocale('en'));
});

describe('the drawer’s theme setting', () => {
  it('offers System, Light and Dark, starts at System, and applies and keeps a choice', async () => {
    renderSettings();
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    expect(theme).toHaveProperty('value', 'system');
    expect([...theme.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['System', 'Light', 'Dark']);

    fireEvent.change(theme, { target: { value: 'dark' } });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('allstall:theme') ?? 'null')).toEqual({ version: 1, value: 'dark' });
  });

  it('shows the choice kept on this device when the drawer opens again', () => {
    localStorage.setItem('allstall:theme', JSON.stringify({ version: 1, value: 'light' }));
    renderSettings();
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveProperty('value', 'light');
  });

  it('speaks Spanish: Tema, with Sistema, Claro and Oscuro', async () => {
    await act(() => activateLocale('es'));
    renderSettings();
    const theme = screen.getByRole('combobox', { name: 'Tema' });
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveProperty('value', 'es');
    expect([...theme.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Sistema', 'Claro', 'Oscuro']);
    fireEvent.change(theme, { target: { value: 'dark' } });
    expect(theme).toHaveProperty('value', 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('the drawer’s maps app setting', () => {
  const directions = () => screen.getByRole('link', { name: 'Directions to Quiet Library' }).getAttribute('href');

  it('offers Google Maps, Apple Maps and OpenStreetMap, starting at this device’s default', () => {
    renderSettings();
    const maps = screen.getByRole('combobox', { name: 'Maps app' });
    expect([...maps.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Google Maps', 'Apple Maps', 'OpenStreetMap']);
    // jsdom is no Apple device.
    expect(maps).toHaveProperty('value', 'google');
    expect(directions()).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
    expect(localStorage.getItem('allstall:mapsApp')).toBeNull();
  });

  it('sends Directions to the chosen app at once, and keeps the choice on this device', () => {
    renderSettings();
    fireEvent.change(screen.getByRole('combobox', { name: 'Maps app' }), { target: { value: 'apple' } });
    expect(directions()).toBe('https://maps.apple.com/?daddr=44.98%2C-93.26&dirflg=w');
    expect(JSON.parse(localStorage.getItem('allstall:mapsApp') ?? 'null')).toEqual({ version: 1, value: 'apple' });

    // The drawer opens again on another day: the choice is still there, and still followed.
    cleanup();
    renderSettings();
    expect(screen.getByRole('combobox', { name: 'Maps app' })).toHaveProperty('value', 'apple');
    expect(directions()).toMatch(/^https:\/\/maps\.apple\.com\//);
  });

  it('speaks Spanish: App de mapas, with Mapas de Apple', async () => {
    await act(() => activateLocale('es'));
    renderSettings();
    const maps = screen.getByRole('combobox', { name: 'App de mapas' });
    expect([...maps.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Google Maps', 'Mapas de Apple', 'OpenStreetMap']);
  });
});
