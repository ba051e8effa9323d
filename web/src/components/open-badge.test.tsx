import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { HoursRange } from '@allstall/shared';
import { activateLocale } from '../lib/i18n/i18n';
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

afterEach(async () => {
  vi.useRealTimers();
  await act(() => activateLocale('en'));
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
    expect(screen.getByTestId('chicago').textContent).toBe('Open now · Closes 5pm');
    expect(screen.getByTestId('denver').textContent).toBe('Closed · Opens 9am');
    // The badge itself holds the state alone.
    expect(screen.getByTestId('denver').querySelector('.open-badge')?.textContent).toBe('Closed');
    // The region (Minneapolis) is on Chicago's clock.
    expect(screen.getByTestId('unknown').textContent).toBe('Open now · Closes 5pm');
    expect(screen.getByTestId('stored-before').textContent).toBe('Open now · Closes 5pm');
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

describe('when it next opens or closes', () => {
  const badge = (hours: HoursRange[] | null) => (
    <p data-testid="badge">
      <OpenBadge hours={hours} timeZone="America/Chicago" />
    </p>
  );
  const shown = () => screen.getByTestId('badge').textContent;

  it('names the day when it opens on another day, and says 24 hours for a round-the-clock day', () => {
    const weekdays: HoursRange[] = [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 1900 }));
    // Saturday 28 Nov 2026, noon in Chicago.
    const view = renderAt('2026-11-28T18:00:00Z', badge(weekdays));
    expect(shown()).toBe('Closed · Opens Mon 7am');
    view.unmount();
    renderAt('2026-11-28T18:00:00Z', badge([{ day: 6, open: 0, close: 0 }]));
    expect(shown()).toBe('Open now · 24 hours');
  });

  it('closes past midnight without a day, and shows no badge for unknown hours', () => {
    // Friday 27 Nov 2026, 11pm in Chicago; open 8pm to 2am.
    const view = renderAt('2026-11-28T05:00:00Z', badge([{ day: 5, open: 2000, close: 200 }]));
    expect(shown()).toBe('Open now · Closes 2am');
    view.unmount();
    renderAt('2026-11-28T05:00:00Z', badge(null));
    expect(shown()).toBe('');
  });

  it('says it in Spanish, with the day and "a la" for one o’clock', async () => {
    await act(() => activateLocale('es'));
    const weekdays: HoursRange[] = [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 1300 }));
    // Saturday noon: opens Monday.
    const view = renderAt('2026-11-28T18:00:00Z', badge(weekdays));
    expect(shown()).toBe('Cerrado · Abre el lun a las 7:00');
    view.unmount();
    // Friday 11pm, open until 1am.
    renderAt('2026-11-28T05:00:00Z', badge([{ day: 5, open: 2000, close: 100 }]));
    expect(shown()).toBe('Abierto ahora · Cierra a la 1:00');
  });
});
