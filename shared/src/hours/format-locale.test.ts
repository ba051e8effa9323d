import { describe, expect, it } from 'vitest';
import { dayName, hhmmFormat, hoursPanelRows, type HoursWords } from './format.js';
import { hoursLineText } from './line.js';

const SPANISH: HoursWords = { locale: 'es', closed: 'Cerrado', allDay: 'Abierto 24 horas', unknown: 'Sin datos' };

describe('hours in another language', () => {
  it('writes times as that language does: 24-hour in plain Spanish, a. m./p. m. in Mexico', () => {
    expect(hhmmFormat(1730, 'es')).toBe('17:30');
    expect(hhmmFormat(900, 'es')).toBe('9:00');
    expect(hhmmFormat(1730, 'es-MX')).toMatch(/^5:30\sp\.\s?m\.$/);
  });

  it('names days with Intl, capitalised to head a row', () => {
    expect(dayName(1, 'es')).toBe('Lunes');
    expect(dayName(3, 'es', 'short')).toBe('Mié');
    expect(dayName(1)).toBe('Monday');
    expect(dayName(1, 'en-US', 'short')).toBe('Mon');
  });

  it('builds the panel in Spanish with the caller’s words for closed and all day', () => {
    const rows = hoursPanelRows(
      [
        { day: 1, open: 830, close: 1700 },
        { day: 2, open: 0, close: 0 },
      ],
      SPANISH,
    );
    expect(rows?.[0]).toEqual({ day: 1, dayName: 'Lunes', text: '8:30 - 17:00' });
    expect(rows?.[1]?.text).toBe('Abierto 24 horas');
    expect(rows?.[2]).toEqual({ day: 3, dayName: 'Miércoles', text: 'Cerrado' });
  });

  it('writes the one-line week in Spanish', () => {
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, open: 700, close: 2200 }));
    expect(hoursLineText(weekdays, SPANISH)).toBe('Lun–Vie 7:00 - 22:00');
    expect(hoursLineText(null, SPANISH)).toBe('Sin datos');
    expect(hoursLineText([], SPANISH)).toBe('Cerrado');
    // English stays the product's own words.
    expect(hoursLineText(weekdays)).toBe('Mon–Fri 7am - 10pm');
  });
});
