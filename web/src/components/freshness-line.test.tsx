import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { activateLocale } from '../lib/i18n/i18n';
import { TestProviders, testServices } from '../test/services';
import { makeRestroom } from '../test/fixtures';
import { FreshnessLine } from './freshness-line';
import { RestroomCard } from './restroom-card';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const ZONE = 'America/Chicago';

afterEach(() => activateLocale('en'));

describe('FreshnessLine', () => {
  it('says "Unconfirmed for over a year" when neither a confirmation nor a change is newer than 365 days', () => {
    render(<FreshnessLine lastConfirmedAt={daysAgo(400)} updatedAt={daysAgo(500)} timeZone={ZONE} />);
    expect(screen.getByText('Unconfirmed for over a year')).toBeTruthy();
    expect(screen.queryByText(/Confirmed by a visitor/)).toBeNull();
  });

  it('falls back to when the listing changed when nobody has confirmed it', () => {
    const { rerender } = render(<FreshnessLine lastConfirmedAt={null} updatedAt={daysAgo(366)} timeZone={ZONE} />);
    expect(screen.getByText('Unconfirmed for over a year')).toBeTruthy();
    rerender(<FreshnessLine lastConfirmedAt={null} updatedAt={daysAgo(364)} timeZone={ZONE} />);
    expect(screen.queryByText('Unconfirmed for over a year')).toBeNull();
  });

  it('turns stale once the last confirmation is more than 365 days old, not an hour before', () => {
    const { rerender } = render(<FreshnessLine lastConfirmedAt={daysAgo(365 - 1 / 24)} updatedAt={daysAgo(900)} timeZone={ZONE} />);
    expect(screen.queryByText('Unconfirmed for over a year')).toBeNull();
    rerender(<FreshnessLine lastConfirmedAt={daysAgo(365 + 1 / 24)} updatedAt={daysAgo(900)} timeZone={ZONE} />);
    expect(screen.getByText('Unconfirmed for over a year')).toBeTruthy();
  });

  it('says it in Spanish when the app is in Spanish', async () => {
    await act(() => activateLocale('es'));
    render(<FreshnessLine lastConfirmedAt={null} updatedAt={daysAgo(400)} timeZone={ZONE} />);
    expect(screen.getByText('Sin confirmar desde hace más de un año')).toBeTruthy();
    expect(screen.queryByText('Unconfirmed for over a year')).toBeNull();
  });

  it('keeps the confirmation line for a listing confirmed within the year, however old its last change', () => {
    render(<FreshnessLine lastConfirmedAt={daysAgo(3)} updatedAt={daysAgo(900)} timeZone={ZONE} />);
    expect(screen.getByText('Confirmed by a visitor 3 days ago')).toBeTruthy();
    expect(screen.queryByText('Unconfirmed for over a year')).toBeNull();
  });
});

describe('the card', () => {
  const services = testServices();
  const card = (overrides: Parameters<typeof makeRestroom>[0]) => (
    <TestProviders services={services}>
      <MemoryRouter>
        <RestroomCard restroom={{ ...makeRestroom(overrides), distance: null }} directionsFrom={null} timeZone={ZONE} units="mi" />
      </MemoryRouter>
    </TestProviders>
  );

  it('shows a stale listing as "Unconfirmed for over a year" and a fresh one without it', () => {
    const { rerender } = render(card({ name: 'Old Depot', last_confirmed_at: null, updated_at: daysAgo(400) }));
    expect(screen.getByText('Unconfirmed for over a year')).toBeTruthy();
    rerender(card({ name: 'New Depot', last_confirmed_at: daysAgo(1), updated_at: daysAgo(400) }));
    expect(screen.queryByText('Unconfirmed for over a year')).toBeNull();
    expect(screen.getByText('Confirmed by a visitor yesterday')).toBeTruthy();
  });
});
