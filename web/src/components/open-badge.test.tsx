import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { HoursRange } from '@allstall/shared';
import { TestProviders, testServices } from '../test/services';
import { HoursPanel } from './hours-panel';
import { OpenBadge } from './open-badge';

/** Open 9am to 5pm every day, wherever the restroom stands. */
const NINE_TO_FIVE: HoursRange[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 900, close: 1700 }));

function renderAt(instant: string, ui: React.ReactNode) {
  vi.setSystemTime(new Date(instant));
  return render(<TestProviders services={testServices()}>{ui}</TestProviders>);
}

beforeEach(() => {
  // Only Date: the page's minute tick and Testing Library's waits keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a restroom's own clock", () => {
  it('shows the same hours open in Chicago and closed in Denver at one instant, and the region’s clock for a restroom without a zone', () => {
    // A November Wednesday, 15:30Z: 9:30am in Chicago, 8:30am in Denver.
    renderAt(
      '2026-11-25T15:30:00Z',
      <>
        <p data-testid="chicago"><OpenBadge hours={NINE_TO_FIVE} timeZone="America/Chicago" /></p>
        <p data-testid="denver"><OpenBadge hours={NINE_TO_FIVE} timeZone="America/Denver" /></p>
        <p data-testid="unknown"><OpenBadge hours={NINE_TO_FIVE} timeZone={null} /></p>
        <p data-testid="stored-before"><OpenBadge hours={NINE_TO_FIVE} timeZone={undefined} /></p>
      </>,
    );
    expect(screen.getByTestId('chicago').textContent).toBe('Open Now');
    expect(screen.getByTestId('denver').textContent).toBe('Closed');
    // The region (Minneapolis) is on Chicago's clock.
    expect(screen.getByTestId('unknown').textContent).toBe('Open Now');
    expect(screen.getByTestId('stored-before').textContent).toBe('Open Now');
  });

  it("marks today in the hours panel as the day where the restroom stands, across midnight", () => {
    // 06:30Z: Wednesday 12:30am in Chicago, still Tuesday 11:30pm in Denver.
    renderAt(
      '2026-11-25T06:30:00Z',
      <>
        <div data-testid="chicago"><HoursPanel hours={NINE_TO_FIVE} timeZone="America/Chicago" /></div>
        <div data-testid="denver"><HoursPanel hours={NINE_TO_FIVE} timeZone="America/Denver" /></div>
      </>,
    );
    const today = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'date').map((row) => row.querySelector('th')?.textContent);
    expect(today('chicago')).toEqual(['Wednesday']);
    expect(today('denver')).toEqual(['Tuesday']);
  });
});
