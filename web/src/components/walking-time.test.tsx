import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { distanceText, KILOMETRES_PER_MILE } from '@allstall/shared';
import { activateLocale, t } from '../lib/i18n/i18n';
import { WalkingTime, walkingTimeWords } from './walking-time';

/** The miles that take exactly `minutes` at 4.8 km/h. */
const milesFor = (minutes: number) => ((minutes / 60) * 4.8) / KILOMETRES_PER_MILE;

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('walking time beside the distance', () => {
  it('reads "0.24 mi · 5 min walk" in miles and "0.40 km · 5 min walk" in kilometres', () => {
    const words = walkingTimeWords(t, 0.24);
    expect(`${distanceText(0.24, 'mi')} ${words?.shown}`).toBe('0.24 mi · 5 min walk');
    const kmMiles = 0.4 / KILOMETRES_PER_MILE;
    expect(`${distanceText(kmMiles, 'km')} ${walkingTimeWords(t, kmMiles)?.shown}`).toBe('0.40 km · 5 min walk');
  });

  it('rounds up to whole minutes, at least one', () => {
    expect(walkingTimeWords(t, 0)?.shown).toBe('· 1 min walk');
    expect(walkingTimeWords(t, milesFor(4.2))?.shown).toBe('· 5 min walk');
  });

  it('says minutes in full to a screen reader, one and many', () => {
    expect(walkingTimeWords(t, 0)?.spoken).toBe('1 minute’s walk');
    expect(walkingTimeWords(t, 0.24)?.spoken).toBe('5 minutes’ walk');
  });

  it('past an hour says hours and minutes, and nothing past three hours', () => {
    expect(walkingTimeWords(t, milesFor(84))).toEqual({ shown: '· 1 h 25 min walk', spoken: '1 hour 25 minutes’ walk' });
    expect(walkingTimeWords(t, milesFor(60 * 2))).toEqual({ shown: '· 2 h walk', spoken: '2 hours’ walk' });
    expect(walkingTimeWords(t, milesFor(58 + 5))).toEqual({ shown: '· 1 h 5 min walk', spoken: '1 hour 5 minutes’ walk' });
    expect(walkingTimeWords(t, 30)).toBeNull();
  });

  it('speaks Spanish, with its plurals', async () => {
    await act(() => activateLocale('es'));
    expect(walkingTimeWords(t, 0)).toEqual({ shown: '· 1 min a pie', spoken: '1 minuto a pie' });
    expect(walkingTimeWords(t, 0.24)).toEqual({ shown: '· 5 min a pie', spoken: '5 minutos a pie' });
    expect(walkingTimeWords(t, milesFor(60))).toEqual({ shown: '· 60 min a pie', spoken: '60 minutos a pie' });
    expect(walkingTimeWords(t, milesFor(118))).toEqual({ shown: '· 2 h a pie', spoken: '2 horas a pie' });
    expect(walkingTimeWords(t, milesFor(84))).toEqual({ shown: '· 1 h 25 min a pie', spoken: '1 hora 25 minutos a pie' });
    expect(walkingTimeWords(t, milesFor(150))).toEqual({ shown: '· 2 h 30 min a pie', spoken: '2 horas 30 minutos a pie' });
  });

  it('shows the abbreviation to the eye and the full words to a screen reader', () => {
    const { container } = render(<WalkingTime miles={0.24} />);
    const shown = screen.getByText('· 5 min walk');
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('5 minutes’ walk').className).toBe('sr-only');
    expect(container.textContent).toContain('5 min walk');
  });
});
