import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n/i18n';
import { DisplaySettings } from './display-settings';

function renderSettings() {
  return render(
    <I18nProvider i18n={i18n}>
      <DisplaySettings />
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
