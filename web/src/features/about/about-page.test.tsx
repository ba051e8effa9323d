import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AboutPage } from './about-page';
import { activateLocale } from '@/lib/i18n/i18n';

function renderAbout() {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

afterEach(() => activateLocale('en'));

describe('AboutPage — where the data comes from', () => {
  it('credits Refuge Restrooms and OpenStreetMap with their licences', () => {
    renderAbout();
    const credits = within(screen.getByRole('list'));
    const items = credits.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toContain('Restroom listings from Refuge Restrooms: Refuge Restrooms contributors, shared under CC BY-SA 4.0.');
    expect(items).toContain('Restroom listings from OpenStreetMap: © OpenStreetMap contributors, shared under ODbL 1.0.');
    expect(credits.getByRole('link', { name: 'CC BY-SA 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(credits.getByRole('link', { name: '© OpenStreetMap contributors' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    );
  });

  it('credits Refuge’s community wholly in Spanish, and keeps OpenStreetMap’s credit as its licence writes it', async () => {
    await act(() => activateLocale('es'));
    renderAbout();
    const credits = within(screen.getByRole('list'));
    const items = credits.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toContain('Baños de Refuge Restrooms: la comunidad de Refuge Restrooms, con licencia CC BY-SA 4.0.');
    expect(credits.getByRole('link', { name: 'la comunidad de Refuge Restrooms' }).getAttribute('href')).toBe('https://www.refugerestrooms.org');
    expect(credits.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeTruthy();
  });

  it('links both export files, as plain links the server answers', () => {
    renderAbout();
    const download = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Download the data:') === true);
    expect(within(download).getByRole('link', { name: 'GeoJSON' }).getAttribute('href')).toBe('/api/export/restrooms.geojson');
    expect(within(download).getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/api/export/restrooms.csv');
  });
});
