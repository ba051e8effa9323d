import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { suggestionCountText } from '@/lib/search/address-suggestions';
import { searchFailureText } from '@/lib/search/search-failure';
import { t } from '@/lib/i18n/i18n';
import { makeRestroom } from '@/test/fixtures';
import { clusterMarkerName, restroomMarkerName } from './map-icons';
import type { PlacedRestroom } from './restroom-clusters';

afterEach(async () => {
  await activateLocale('en');
});

describe('the map’s and the search’s words in Spanish', () => {
  it('names clusters and pins in Spanish, with a decimal comma', async () => {
    await activateLocale('es');
    expect(clusterMarkerName(12)).toBe('12 baños aquí, acerca el mapa');
    const pin = { ...makeRestroom({ name: 'Café' }), distance: 0.42 } as PlacedRestroom;
    expect(restroomMarkerName(pin, 'mi')).toBe('Café, 0,42 mi');
    await activateLocale('en');
    expect(clusterMarkerName(12)).toBe('12 restrooms here, zoom in');
    expect(restroomMarkerName(pin, 'mi')).toBe('Café, 0.42 mi');
  });

  it('says how many suggestions there are and why address search failed, in Spanish', async () => {
    await activateLocale('es');
    expect(suggestionCountText(t, 0)).toBe('No hay sugerencias.');
    expect(suggestionCountText(t, 1)).toBe('1 sugerencia disponible.');
    expect(suggestionCountText(t, 3)).toBe('3 sugerencias disponibles.');
    expect(searchFailureText('offline')).toBe('La búsqueda de direcciones necesita conexión. Mostramos los baños guardados en este dispositivo.');
    await activateLocale('en');
    expect(suggestionCountText(t, 1)).toBe('1 suggestion available.');
    expect(suggestionCountText(t, 3)).toBe('3 suggestions available.');
  });
});
