import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AmenityLegend } from './amenity-legend';

/** The state a legend mark shows: the struck-through line for no, the "?" for unknown, neither for yes. */
function shownState(mark: Element): 'yes' | 'no' | 'unknown' {
  if (mark.querySelector('.amenity-mark__strike') !== null) return 'no';
  return mark.querySelector('.amenity-mark__unknown') !== null ? 'unknown' : 'yes';
}

describe('AmenityLegend', () => {
  it('shows each amenity in its three states as a table, every mark named in the cards’ words', () => {
    render(
      <>
        <h3 id="legend-title">What the icons mean</h3>
        <AmenityLegend captionId="legend-title" />
      </>,
    );
    const table = screen.getByRole('table', { name: 'What the icons mean' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Yes', 'No', 'Unknown']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Gender-neutral',
      'Changing table',
      'Wheelchair accessible',
      'Single stall',
    ]);
    const neutralRow = within(table).getByRole('rowheader', { name: 'Gender-neutral' }).closest('tr')!;
    const marks = within(neutralRow).getAllByRole('img');
    expect(marks.map((mark) => mark.getAttribute('aria-label'))).toEqual(['Gender-neutral: yes', 'Gender-neutral: no', 'Gender-neutral: unknown']);
    expect(marks.map(shownState)).toEqual(['yes', 'no', 'unknown']);
  });
});
