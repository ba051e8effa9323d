import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { compactRestroom, DEFAULT_REGION } from '@allstall/shared';
import { seededRandom } from '../../../bench/support/seeded-random';
import { makeRestroom, testId } from '@/test/fixtures';
import { testServices, TestProviders } from '@/test/services';
import { MirrorStore } from '@/lib/sync/mirror-store';
import { loadRestroomMap } from '../restrooms-map';
import { nearestList } from './nearest-list';
import { giveTheMapASize } from '@/test/map-size';

giveTheMapASize();

const RESTROOMS = 20_000;
const downtown = DEFAULT_REGION.listOrigin;

/** A metro's worth of restrooms around downtown, as the mirror holds them. */
function mirrorOfMetro() {
  const random = seededRandom(5);
  const rows = Array.from({ length: RESTROOMS }, (_, at) =>
    compactRestroom(
      makeRestroom({
        id: testId(at + 1),
        name: `Restroom ${at + 1}`,
        latitude: downtown.lat + (random() - 0.5) * 0.3,
        longitude: downtown.lng + (random() - 0.5) * 0.4,
      }),
    ),
  );
  return new MirrorStore().loadRows(rows).getView()!;
}

const isCluster = (name: string) => /restrooms here/.test(name);

describe('the map of a metro', () => {
  it(`expands only the restrooms it draws a pin or a popup for, of ${RESTROOMS.toLocaleString('en')}`, async () => {
    const { default: RestroomMap } = await loadRestroomMap();
    const expanded = new Set<string>();
    const list = nearestList(mirrorOfMetro(), downtown, (row) => {
      expanded.add(row.id);
      return row;
    });
    render(
      <TestProviders services={testServices()}>
        <MemoryRouter>
          <RestroomMap restrooms={list} origin={null} directionsFrom={null} />
        </MemoryRouter>
      </TestProviders>,
    );
    const map = screen.getByRole('region', { name: 'Map of restrooms' });

    const markers = within(map).getAllByRole('button').filter((button) => button.classList.contains('leaflet-marker-icon'));
    const names = markers.map((marker) => marker.getAttribute('aria-label') ?? '');
    const pins = names.filter((name) => !isCluster(name));
    const clustered = names.filter(isCluster).reduce((sum, name) => sum + Number(/\d[\d,]*/.exec(name)![0].replace(/,/g, '')), 0);
    // The view holds pins and clusters, and far fewer restrooms than the list.
    expect(pins.length).toBeGreaterThan(0);
    expect(clustered).toBeGreaterThan(0);
    expect(pins.length + clustered).toBeLessThan(RESTROOMS / 10);
    expect(list.length).toBe(RESTROOMS);
    // Each pin drawn is one restroom expanded, and nothing else was.
    expect(expanded.size).toBe(pins.length);
    expect([...expanded].map((id) => list.placedWithId(id)!.name).sort()).toEqual(pins.map((name) => name.split(',')[0]).sort());

    // Opening one's popup expands nothing more: the pin's restroom is the popup's.
    fireEvent.click(markers[names.indexOf(pins[0]!)]!);
    expect(await within(map).findByRole('dialog', { name: pins[0]!.split(',')[0] })).toBeTruthy();
    expect(expanded.size).toBe(pins.length);
  });
});
